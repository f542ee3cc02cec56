import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { newPasswordField, ownerMessages, resetRequestSchema } from '@common/owners';
import { routeTable } from '@common/routes';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { requestReset, setPassword } from './manage-api';
import './sign-in.css';

const newPasswordSchema = z.object({ password: newPasswordField, confirm: z.string() }).check(
  z.refine((form) => form.password === form.confirm, {
    message: 'The two passwords are not the same',
    path: ['confirm'],
  }),
);
type NewPassword = z.infer<typeof newPasswordSchema>;

/** Choosing a password with the token of a link from the CLI (first time) or a reset e-mail. */
function NewPasswordForm({ token, heading }: { token: string; heading: string }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onSubmit',
    defaultValues: { password: '', confirm: '' },
  });
  const submit = handleSubmit(async ({ password }) => {
    setSending(true);
    setFailure(undefined);
    try {
      const owner = await setPassword(token, password);
      useSessionStore.getState().signIn(owner);
      await navigate(routeTable.manage, { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : ownerMessages.badToken);
      setSending(false);
    }
  });
  return (
    <section className="page sign-in">
      <PageHeading>{heading}</PageHeading>
      <p>
        Use at least 10 characters. A few unrelated words are easy to remember and hard to guess.
      </p>
      <form className="sign-in__form" aria-label={heading} onSubmit={submit} noValidate>
        {failure && (
          <p className="sign-in__failure" role="alert">
            {failure}
          </p>
        )}
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          registration={register('password')}
          error={errors.password}
        />
        <FormField
          label="The same password again"
          type="password"
          autoComplete="new-password"
          required
          registration={register('confirm')}
          error={errors.confirm}
        />
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Saving…' : 'Save password and sign in'}
        </button>
      </form>
    </section>
  );
}

/** /login/reset without a token: asks for the address and always answers the same. */
function ResetRequestForm() {
  const [answer, setAnswer] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({
    resolver: zodResolver(resetRequestSchema),
    mode: 'onSubmit',
    defaultValues: { email: '' },
  });
  const submit = handleSubmit(async ({ email }) => {
    setFailure(undefined);
    try {
      setAnswer(await requestReset(email));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Please try again in a moment.');
    }
  });
  return (
    <section className="page sign-in">
      <PageHeading>Forgotten your password?</PageHeading>
      {answer ? (
        <p role="status">{answer}</p>
      ) : (
        <>
          <p>
            Enter the e-mail address you sign in with. We will send it a link to choose a new
            password.
          </p>
          <form
            className="sign-in__form"
            aria-label="Ask for a reset link"
            onSubmit={submit}
            noValidate
          >
            {failure && (
              <p className="sign-in__failure" role="alert">
                {failure}
              </p>
            )}
            <FormField
              label="E-mail address"
              type="email"
              autoComplete="username"
              required
              registration={register('email')}
              error={errors.email}
            />
            <button type="submit" className="button button--primary" disabled={isSubmitting}>
              Send me a link
            </button>
          </form>
        </>
      )}
      <p>
        <Link to={routeTable.login}>Back to sign in</Link>
      </p>
    </section>
  );
}

/** /login/set-password?token=… and /login/reset(?token=…). */
export default function SetPasswordPage() {
  const { pathname, search } = useLocation();
  // URLSearchParams, not the router's hook: that would add its code to every visitor's first load.
  const token = new URLSearchParams(search).get('token');
  const reset = pathname.startsWith(routeTable.loginReset);
  if (token)
    return (
      <NewPasswordForm
        token={token}
        heading={reset ? 'Choose a new password' : 'Set your password'}
      />
    );
  if (reset) return <ResetRequestForm />;
  return (
    <section className="page sign-in">
      <PageHeading>Set your password</PageHeading>
      <p role="alert">{ownerMessages.badToken}</p>
      <p>
        <Link to={routeTable.login}>Go to sign in</Link>
      </p>
    </section>
  );
}
