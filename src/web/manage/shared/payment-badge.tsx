import type { OrderPayment } from '@common/order-payment';
import { paymentStatusLabels } from '@common/payments';

/**
 * The badge of a card order's payment: Paid, Part-refunded … (nothing for one not paid by card).
 * On the orders screen and the customer's page alike (issue 36, "money shown right").
 */
export function PaymentBadge({ payment }: { payment: OrderPayment | null | undefined }) {
  if (!payment) return null;
  return (
    <span className={`manage__status manage__status--payment-${payment.status}`}>
      {paymentStatusLabels[payment.status]}
    </span>
  );
}
