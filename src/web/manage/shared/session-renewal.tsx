import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ownerMessages, signInRequestSchema, type SignInRequest } from '@common/owners';
import { FormField } from '@/components/form-field';
import { ApiError, setSessionRenewal } from '@/lib/api-client';
import { isNoAnswer } from '@/lib/api-errors';
import { useSessionStore } from '@/lib/session-store';
import { signIn } from '@/features/manage/manage-api';
import { ModalDialog } from './confirm-dialog';

/**
 * Never lose work (issue 31): when the session ends during an edit (it expired, or was signed out
 * elsewhere), the next call's 401 opens this dialog instead of sending the owner to /login. They
 * sign in again here (the same sign-in endpoint) and the call is sent once more, so a save goes
 * through with nothing retyped. Choosing to sign out instead applies the usual 401 rule.
 */
export function SessionRenewal({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  // One question for every call that failed at once; they all wait for its answer.
  const answer = useRef<{ promise: Promise<boolean>; settle: (renewed: boolean) => void } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | undefined>();
  const form = useForm<SignInRequest>({
    resolver: zodResolver(signInRequestSchema),
    mode: 'onSubmit',
    defaultValues: { email, password: '' },
  });

  useEffect(() => {
    setSessionRenewal(() => {
      if (!answer.current) {
        let settle: (renewed: boolean) => void = () => {};
        const promise = new Promise<boolean>((resolve) => (settle = resolve));
        answer.current = { promise, settle };
        setFailure(undefined);
        form.reset({ email, password: '' });
        setOpen(true);
      }
      return answer.current.promise;
    });
    return () => setSessionRenewal(undefined);
  }, [email, form]);

  const finish = (renewed: boolean) => {
    setOpen(false);
    answer.current?.settle(renewed);
    answer.current = null;
  };

  // The lint takes handleSubmit's callback as run during render; it runs on submit.
  // eslint-disable-next-line react-hooks/refs
  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      useSessionStore.getState().signIn(await signIn(values.email, values.password));
      finish(true);
    } catch (error) {
      setFailure(
        isNoAnswer(error) || (error instanceof ApiError && error.status === 429)
          ? error.message
          : ownerMessages.signInFailed,
      );
    }
  });

  return (
    <ModalDialog open={open} title="Please sign in again" onCancel={() => finish(false)}>
      <p>
        Your session has ended. Sign in again as {email} to carry on: what you entered is kept and
        is sent once you are signed in.
      </p>
      <form aria-label="Sign in again" noValidate onSubmit={(event) => void submit(event)}>
        {failure && <p role="alert">{failure}</p>}
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          registration={form.register('password')}
          error={form.formState.errors.password}
        />
        <p className="manage-dialog__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={form.formState.isSubmitting}
          >
            {form.formState.isSubmitting ? 'Signing in…' : 'Sign in and carry on'}
          </button>
          <button type="button" className="button" onClick={() => finish(false)}>
            Sign out instead
          </button>
        </p>
      </form>
    </ModalDialog>
  );
}
