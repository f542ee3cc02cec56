import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { newPasswordField, ownerMessages, resetRequestSchema } from '@common/owners';
import { routeTable } from '@common/routes';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { OwnerField, OwnerForm, useOwnerSubmit } from '@/manage/shared/owner-form';
import { requestReset, setPassword } from './sign-in-api';

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
  const { failure, busy, run } = useOwnerSubmit((error) =>
    error instanceof ApiError ? error.message : ownerMessages.badToken,
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onSubmit',
    defaultValues: { password: '', confirm: '' },
  });
  const submit = handleSubmit(({ password }) =>
    run(async () => {
      const owner = await setPassword(token, password);
      useSessionStore.getState().signIn(owner);
      await navigate(routeTable.manage, { replace: true });
    }),
  );
  return (
    <section className="page sign-in">
      <PageHeading>{heading}</PageHeading>
      <p>
        Use at least 10 characters. A few unrelated words are easy to remember and hard to guess.
      </p>
      <OwnerForm
        label={heading}
        onSubmit={submit}
        failure={failure}
        busy={busy}
        submitLabel="Save password and sign in"
        busyLabel="Saving…"
      >
        <OwnerField
          label="New password"
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password}
        />
        <OwnerField
          label="The same password again"
          type="password"
          autoComplete="new-password"
          registration={register('confirm')}
          error={errors.confirm}
        />
      </OwnerForm>
    </section>
  );
}

/** /login/reset without a token: asks for the address and always answers the same. */
function ResetRequestForm() {
  const [answer, setAnswer] = useState<string | undefined>();
  const { failure, busy, run } = useOwnerSubmit((error) =>
    error instanceof ApiError ? error.message : 'Please try again in a moment.',
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({
    resolver: zodResolver(resetRequestSchema),
    mode: 'onSubmit',
    defaultValues: { email: '' },
  });
  const submit = handleSubmit(({ email }) => run(async () => setAnswer(await requestReset(email))));
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
          <OwnerForm
            label="Ask for a reset link"
            onSubmit={submit}
            failure={failure}
            busy={busy}
            submitLabel="Send me a link"
            busyLabel="Sending…"
          >
            <OwnerField
              label="E-mail address"
              type="email"
              autoComplete="username"
              registration={register('email')}
              error={errors.email}
            />
          </OwnerForm>
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
