import { useId } from 'react';
import { honeypotFieldName } from '@common/forms';

/**
 * A field people never see and bots fill in (its name is shared with the relay, which drops a
 * message that has it filled while answering OK, so a bot learns nothing).
 */
export function HoneypotField({ inputRef }: { inputRef: React.Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className="enquiry-honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        ref={inputRef}
        name={honeypotFieldName}
        type="text"
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  );
}
