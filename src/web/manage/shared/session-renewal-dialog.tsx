import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ownerMessages, signInRequestSchema, type SignInRequest } from '@common/owners';
import { FormField } from '@/components/form-field';
import { ApiError } from '@/lib/api-client';
import { isNoAnswer } from '@/lib/api-errors';
import { useSessionStore } from '@/lib/session-store';
import { ModalDialog } from './confirm-dialog';
import { signIn } from './session-api';

/**
 * The question SessionRenewal asks (loaded only when a session has ended): the owner's password,
 * checked by the same sign-in endpoint as /login. `onDone(true)` once signed in again.
 */
export default function SessionRenewalDialog({
  email,
  onDone,
}: {
  email: string;
  onDone: (renewed: boolean) => void;
}) {
  const [failure, setFailure] = useState<string | undefined>();
  const form = useForm<SignInRequest>({
    resolver: zodResolver(signInRequestSchema),
    mode: 'onSubmit',
    defaultValues: { email, password: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      useSessionStore.getState().signIn(await signIn(values.email, values.password));
      onDone(true);
    } catch (error) {
      setFailure(
        isNoAnswer(error) || (error instanceof ApiError && error.status === 429)
          ? error.message
          : ownerMessages.signInFailed,
      );
    }
  });

  return (
    <ModalDialog open title="Please sign in again" onCancel={() => onDone(false)}>
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
          <button type="button" className="button" onClick={() => onDone(false)}>
            Sign out instead
          </button>
        </p>
      </form>
    </ModalDialog>
  );
}
