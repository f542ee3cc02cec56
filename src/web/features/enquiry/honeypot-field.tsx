import { useId } from 'react';

/**
 * A field people never see and bots fill in. The relay drops a message that has it filled, while
 * answering OK, so a bot learns nothing.
 */
export const honeypotField = 'website';

export function HoneypotField({ inputRef }: { inputRef: React.Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className="enquiry-honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        ref={inputRef}
        name={honeypotField}
        type="text"
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  );
}
