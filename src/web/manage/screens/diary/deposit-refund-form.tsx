import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  depositRefundablePence,
  refundDepositRequestSchema,
  type RefundDepositRequest,
} from '@common/deposits';
import type { DiaryBooking } from '@common/diary';
import { formatPounds } from '@common/money';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';
import { refundAmountResolver } from '@/manage/shared/refund-amount';
import { RefundFields, refundLabels, useRefundConfirmation } from '@/manage/shared/refund-fields';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { bookingQueryKey, refundBookingDeposit } from './diary-api';

type Sent = Omit<RefundDepositRequest, 'expectedRefundedPence'>;

interface RefundValues {
  amount: string;
  reason: string;
}

/** As the rest of the booking's page (and the server's messages) show money. */
const pounds = (pence: number) => formatPounds(pence / 100);

/**
 * The owner refunds all or part of a booking's paid (or kept) deposit to the customer's card
 * (issue 36), whatever the policy said: cancelling from the diary keeps the deposit unless the
 * owner refunds it here. The first press asks to confirm (a refund cannot be undone); the second
 * sends the pence with what the owner saw refunded, so a refund made meanwhile is refused and
 * the booking shown afresh, the typing kept. The server and Stripe check the amount again.
 */
export function DepositRefundForm({ booking }: { booking: DiaryBooking }) {
  const queries = useQueryClient();
  const deposit = booking.deposit;
  const left = deposit ? depositRefundablePence(deposit) : 0;
  const { confirming, setConfirming, unconfirm } = useRefundConfirmation();
  const form = useForm<RefundValues, unknown, Sent>({
    resolver: refundAmountResolver<RefundValues, typeof refundDepositRequestSchema>(
      refundDepositRequestSchema,
      left,
      pounds,
    ),
    mode: 'onSubmit',
    defaultValues: { amount: (left / 100).toFixed(2), reason: '' },
  });
  useUnsavedChanges(form.formState.isDirty);
  const { submit, failure, setFailure } = useFormSubmit(form, {
    send: async (request) => {
      if (!confirming) {
        setConfirming(true);
        return;
      }
      const updated = await refundBookingDeposit(booking.id, {
        ...request,
        expectedRefundedPence: deposit?.refundedPence ?? 0,
      });
      setConfirming(false);
      queries.setQueryData(bookingQueryKey(booking.id), updated);
      const after = updated.deposit ? depositRefundablePence(updated.deposit) : 0;
      form.reset({ amount: (after / 100).toFixed(2), reason: '' });
      showToast('saved', `Refunded ${pounds(request.amountPence)}. The customer is e-mailed.`);
    },
    failedText: 'The refund could not be made. Nothing has been refunded; please try again.',
    issueNames: { amountPence: 'amount' },
    onFailure: (error) => {
      setConfirming(false);
      // A refund made meanwhile: show the booking as it is now; the message says why.
      if (error instanceof ApiError && error.status === 409) {
        void queries.invalidateQueries({ queryKey: bookingQueryKey(booking.id) });
      }
      return false;
    },
  });
  if (!deposit || left === 0) return null;
  return (
    <form
      className="manage__form"
      noValidate
      aria-labelledby="deposit-refund-heading"
      onSubmit={(event) => {
        setFailure(undefined);
        void submit(event);
      }}
    >
      <h2 id="deposit-refund-heading">Refund the deposit</h2>
      <p>
        Up to {pounds(left)} goes back to the card the customer paid with, through your Stripe
        account; the customer gets an e-mail. Without a refund the deposit is kept.
      </p>
      <RefundFields
        form={form}
        unconfirm={unconfirm}
        labels={refundLabels}
        confirming={confirming}
        customerName={booking.customer.name}
        pounds={pounds}
        failure={failure}
        askText="Refund deposit…"
      />
    </form>
  );
}
