import { useState, type FormEventHandler, type ReactNode } from 'react';
import { FormField } from '@/components/form-field';
import type { UseFormRegisterReturn, FieldError } from 'react-hook-form';

/**
 * The frame of every sign-in screen's form: one failure message announced above the fields, the
 * fields, and a submit button that says it is working.
 */
export function OwnerForm(props: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: string | undefined;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <form className="sign-in__form" aria-label={props.label} onSubmit={props.onSubmit} noValidate>
      {props.failure && (
        <p className="sign-in__failure" role="alert">
          {props.failure}
        </p>
      )}
      {props.children}
      <button type="submit" className="button button--primary" disabled={props.busy}>
        {props.busy ? props.busyLabel : props.submitLabel}
      </button>
    </form>
  );
}

/** A required e-mail or password field of these forms, with the browser's autofill hint. */
export function OwnerField(props: {
  label: string;
  type: 'email' | 'password';
  autoComplete: 'username' | 'current-password' | 'new-password';
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}) {
  return <FormField {...props} required />;
}

/**
 * A form's sending state: `run` shows the button as busy, clears the last failure, and on an
 * error shows `messageFor(error)` and frees the button (on success the screen moves on). It
 * gives whether the action succeeded, so what follows a success (moving on) happens outside it
 * and a failure there is never shown as the action's.
 */
export function useOwnerSubmit(messageFor: (error: unknown) => string) {
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setFailure(undefined);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure(messageFor(error));
      setBusy(false);
      return false;
    }
  };
  return { failure, busy, run };
}
