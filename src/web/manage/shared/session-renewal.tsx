import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setSessionRenewal } from '@/lib/api-client';

// The dialog and its form load only when a session has ended: most visits never need them.
const SessionRenewalDialog = lazy(() => import('./session-renewal-dialog'));

/**
 * Never lose work (issue 31): when the session ends during an edit (it expired, or was signed out
 * elsewhere), the next call's 401 opens a dialog instead of sending the owner to /login. They
 * sign in again there and the call is sent once more, so a save goes through with nothing
 * retyped. Choosing to sign out instead applies the usual 401 rule (src/web/lib/api-client.ts).
 */
export function SessionRenewal({ email }: { email: string }) {
  const [asking, setAsking] = useState(false);
  // One question for every call that failed at once; they all wait for its answer.
  const answer = useRef<{ promise: Promise<boolean>; settle: (renewed: boolean) => void } | null>(
    null,
  );

  useEffect(() => {
    setSessionRenewal(() => {
      if (!answer.current) {
        let settle: (renewed: boolean) => void = () => {};
        const promise = new Promise<boolean>((resolve) => (settle = resolve));
        answer.current = { promise, settle };
        setAsking(true);
      }
      return answer.current.promise;
    });
    return () => setSessionRenewal(undefined);
  }, []);

  if (!asking) return null;
  return (
    <Suspense fallback={null}>
      <SessionRenewalDialog
        email={email}
        onDone={(renewed) => {
          setAsking(false);
          answer.current?.settle(renewed);
          answer.current = null;
        }}
      />
    </Suspense>
  );
}
