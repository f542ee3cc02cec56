import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { formatCartPrice } from '@common/money';
import {
  refundablePence,
  type OrderPayment,
  type PaidOrderDetail as OrderDetail,
} from '@common/order-payment';
import { refundOrderRequestSchema, type RefundOrderRequest } from '@common/payments';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';
import { PaymentBadge } from '@/manage/shared/payment-badge';
import { refundAmountResolver } from '@/manage/shared/refund-amount';
import { RefundFields, refundLabels, useRefundConfirmation } from '@/manage/shared/refund-fields';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { orderQueryKey, ordersQueryKey, refundOrder } from './orders-api';

/** Issue 36: an order's card payment, refunds from the back office. Pence in, pounds shown. */
export { PaymentBadge };

/** In the cart's format, as every other amount on the owner's order screen. */
const pounds = (pence: number) => formatCartPrice(pence / 100);

/** What was paid and refunded, in pounds. */
export function PaymentSummary({ payment }: { payment: OrderPayment }) {
  return (
    <>
      <h2>Card payment</h2>
      <dl className="manage__details">
        <dt>Status</dt>
        <dd>
          <PaymentBadge payment={payment} />
        </dd>
        <dt>Paid</dt>
        <dd>{pounds(payment.paidPence)}</dd>
        <dt>Refunded</dt>
        <dd>{pounds(payment.refundedPence)}</dd>
        {payment.refundedPence > 0 && payment.refundedPence < payment.paidPence && (
          <>
            <dt>Left to refund</dt>
            <dd>{pounds(refundablePence(payment))}</dd>
          </>
        )}
      </dl>
    </>
  );
}

interface RefundValues {
  amount: string;
  reason: string;
  cancelOrder: boolean;
}

const labels = { ...refundLabels, cancelOrder: 'Cancel the order too' };

/**
 * A refund of part or all of a card order, to the card it was paid with (issue 36). The first
 * press asks to confirm (a refund cannot be undone); the second sends the amount in pence with
 * what the owner saw refunded, so a refund made meanwhile is refused and the order shown afresh,
 * the typing kept. The server checks the amount again, and so does Stripe.
 */
export function RefundForm({ order }: { order: OrderDetail }) {
  const queries = useQueryClient();
  const payment = order.payment;
  const left = payment ? refundablePence(payment) : 0;
  const { confirming, setConfirming, unconfirm } = useRefundConfirmation();
  const form = useForm<RefundValues, unknown, Omit<RefundOrderRequest, 'expectedRefundedPence'>>({
    resolver: refundAmountResolver<RefundValues, typeof refundOrderRequestSchema>(
      refundOrderRequestSchema,
      left,
      pounds,
    ),
    mode: 'onSubmit',
    defaultValues: { amount: (left / 100).toFixed(2), reason: '', cancelOrder: false },
  });
  useUnsavedChanges(form.formState.isDirty);
  const { submit, failure, setFailure } = useFormSubmit(form, {
    send: async (request) => {
      if (!confirming) {
        setConfirming(true);
        return;
      }
      const updated = await refundOrder(order.orderNumber, {
        ...request,
        expectedRefundedPence: payment?.refundedPence ?? 0,
      });
      setConfirming(false);
      queries.setQueryData(orderQueryKey(order.orderNumber), updated);
      await queries.invalidateQueries({ queryKey: ordersQueryKey() });
      const after = updated.payment ? refundablePence(updated.payment) : 0;
      form.reset({ amount: (after / 100).toFixed(2), reason: '', cancelOrder: false });
      showToast('saved', `Refunded ${pounds(request.amountPence)}. The customer is e-mailed.`);
    },
    failedText: 'The refund could not be made. Nothing has been refunded; please try again.',
    issueNames: { amountPence: 'amount' },
    onFailure: (error) => {
      setConfirming(false);
      // A refund made meanwhile: show the order as it is now; the message says why.
      if (error instanceof ApiError && error.status === 409) {
        void queries.invalidateQueries({ queryKey: orderQueryKey(order.orderNumber) });
      }
      return false;
    },
  });
  if (!payment || left === 0) return null;
  const mayCancel = order.nextStatuses.includes('cancelled');
  return (
    <form
      className="manage__form"
      noValidate
      aria-labelledby="order-refund-heading"
      onSubmit={(event) => {
        setFailure(undefined);
        void submit(event);
      }}
    >
      <h2 id="order-refund-heading">Refund</h2>
      <p>
        Up to {pounds(left)} goes back to the card the customer paid with, through your Stripe
        account; the customer gets an e-mail.
      </p>
      <RefundFields
        form={form}
        unconfirm={unconfirm}
        labels={labels}
        confirming={confirming}
        customerName={order.customerName}
        pounds={pounds}
        failure={failure}
        askText="Refund…"
      >
        {mayCancel && (
          <label className="manage__check">
            <input type="checkbox" {...form.register('cancelOrder', unconfirm)} />{' '}
            {labels.cancelOrder}
          </label>
        )}
      </RefundFields>
    </form>
  );
}
