import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { ownerMessages, signInRequestSchema, type SignInRequest } from '@common/owners';
import { routeTable } from '@common/routes';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { safeNextPath } from '@/manage/shared/next-path';
import { OwnerField, OwnerForm, useOwnerSubmit } from '@/manage/shared/owner-form';
import { signIn } from './sign-in-api';

/**
 * /login (spec: the 401 rule's target): the business owner's sign-in. Any failure shows one
 * message that never says which part was wrong; success goes back to where the owner was going.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { failure, busy, run } = useOwnerSubmit((error) =>
    // Only the throttle's answer is worth more than the one generic message.
    error instanceof ApiError && error.status === 429 ? error.message : ownerMessages.signInFailed,
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInRequest>({
    resolver: zodResolver(signInRequestSchema),
    mode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async ({ email, password }) => {
    const signedIn = await run(async () => {
      useSessionStore.getState().signIn(await signIn(email, password));
    });
    // Outside `run`: once signed in, nothing that follows may read as a wrong password.
    if (!signedIn) return;
    const next = safeNextPath(new URLSearchParams(search).get('next'), window.location.origin);
    await navigate(next, { replace: true });
  });

  return (
    <section className="page sign-in">
      <PageHeading>Sign in</PageHeading>
      <p>For the business’s owners and staff: manage bookings, hours and treatments.</p>
      <OwnerForm
        label="Sign in"
        onSubmit={submit}
        failure={failure}
        busy={busy}
        submitLabel="Sign in"
        busyLabel="Signing in…"
      >
        <OwnerField
          label="E-mail address"
          type="email"
          autoComplete="username"
          registration={register('email')}
          error={errors.email}
        />
        <OwnerField
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password}
        />
      </OwnerForm>
      <p>
        <Link to={routeTable.loginReset}>Forgotten your password?</Link>
      </p>
    </section>
  );
}
