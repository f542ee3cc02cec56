import { depositStatusLabels, type DepositStatus } from '@common/deposits';
import { formatPounds } from '@common/money';
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

/**
 * A booking's deposit: its amount and where it stands (paid, part refunded, kept as fee …), with
 * the payment badge's colours; nothing for a booking that asked none (issue 36).
 */
export function DepositBadge({
  deposit,
}: {
  deposit: { pence: number; refundedPence: number; status: DepositStatus } | null | undefined;
}) {
  if (!deposit) return null;
  const refunded =
    deposit.status === 'part-refunded'
      ? `, ${formatPounds(deposit.refundedPence / 100)} refunded`
      : '';
  return (
    <span className={`manage__status manage__status--payment-${deposit.status}`}>
      Deposit {formatPounds(deposit.pence / 100)} {depositStatusLabels[deposit.status]}
      {refunded}
    </span>
  );
}
