import { useEffect, useState } from 'react';
import type { Treatment } from '@common/booking';
import { depositFor, depositPolicyText } from '@common/deposit-rules';
import type { DepositTerms } from '@common/deposits';
import { apiJson } from '@/lib/api-client';

/**
 * Issue 36 (decision 0079): the deposit the chosen treatments ask and the cancellation policy,
 * shown above Book, before the visitor books and pays. Nothing shows for a client that takes no
 * cards or asks no deposit, or while the terms cannot be had (the server decides in any case).
 * A plain fetch, not a query: this sits in the customer form's chunk, kept small.
 */
export function DepositNotice({
  pricings,
}: {
  /** Each way the chosen treatments can be priced (therapist-prices.ts): one, or any therapist's. */
  pricings: readonly (readonly Treatment[])[];
}) {
  const [terms, setTerms] = useState<DepositTerms | undefined>();
  useEffect(() => {
    let current = true;
    apiJson('/api/bookings/deposit-terms').then(
      (answer) => current && setTerms(answer as DepositTerms),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!terms?.cardsTaken) return null;
  const deposits = pricings.map((chosen) =>
    depositFor(
      chosen.map((t) => ({ id: t.ID, pricePence: Math.round(t.Price * 100) })),
      terms.settings,
    ),
  );
  const pence = Math.min(...deposits);
  const upTo = Math.max(...deposits);
  if (upTo === 0 || deposits.length === 0) return null;
  return (
    <div className="booking-deposit" data-testid="deposit-policy">
      <p>{depositPolicyText(pence, terms.settings.freeCancelHours, upTo)}</p>
      <p>After “Book”, you pay the deposit on Stripe’s secure page; the time is held meanwhile.</p>
    </div>
  );
}
