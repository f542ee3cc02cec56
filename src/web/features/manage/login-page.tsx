import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { ownerMessages, signInRequestSchema, type SignInRequest } from '@common/owners';
import { routeTable } from '@common/routes';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { afterSignIn, signIn } from './manage-api';
import './sign-in.css';

/**
 * /login (spec: the 401 rule's target): the business owner's sign-in. Any failure shows one
 * message that never says which part was wrong; success goes back to where the owner was going.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [failure, setFailure] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
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
    setSending(true);
    setFailure(undefined);
    try {
      const owner = await signIn(email, password);
      useSessionStore.getState().signIn(owner);
      await navigate(afterSignIn(new URLSearchParams(search).get('next')), { replace: true });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === 429
          ? error.message
          : ownerMessages.signInFailed,
      );
      setSending(false);
    }
  });

  return (
    <section className="page sign-in">
      <PageHeading>Sign in</PageHeading>
      <p>For the business’s owners and staff: manage bookings, hours and treatments.</p>
      <form className="sign-in__form" aria-label="Sign in" onSubmit={submit} noValidate>
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
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          registration={register('password')}
          error={errors.password}
        />
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        <Link to={routeTable.loginReset}>Forgotten your password?</Link>
      </p>
    </section>
  );
}
