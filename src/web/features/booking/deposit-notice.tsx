import { useQuery } from '@tanstack/react-query';
import type { Treatment } from '@common/booking';
import { depositFor, depositPolicyText } from '@common/deposit-rules';
import type { DepositTerms } from '@common/deposits';
import { apiJson } from '@/lib/api-client';

/**
 * Issue 36 (decision 0079): the deposit the chosen treatments ask and the cancellation policy,
 * shown in the booking's summary before the visitor books and pays. Nothing shows for a client
 * that takes no cards or asks no deposit, or while the terms cannot be had (the server decides).
 */
export function DepositNotice({ chosen }: { chosen: readonly Treatment[] }) {
  const terms = useQuery({
    queryKey: ['booking', 'deposit-terms'],
    queryFn: async () => (await apiJson('/api/bookings/deposit-terms')) as DepositTerms,
    staleTime: 60_000,
  });
  if (!terms.data?.cardsTaken) return null;
  const pence = depositFor(
    chosen.map((t) => ({ id: t.ID, pricePence: Math.round(t.Price * 100) })),
    terms.data.settings,
  );
  if (pence === 0) return null;
  return (
    <div className="booking-deposit" data-testid="deposit-policy">
      <h4 className="booking-subheading">Deposit</h4>
      <p>{depositPolicyText(pence, terms.data.settings.freeCancelHours)}</p>
      <p>After “Book”, you pay the deposit on Stripe’s secure page; the time is held meanwhile.</p>
    </div>
  );
}
