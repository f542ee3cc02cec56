import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  cancelBookingRequestSchema,
  type CancelBookingRequest,
  type DiaryBooking,
  type EmailPreview,
} from '@common/diary';
import { depositRefundablePence } from '@common/deposits';
import { formatPounds } from '@common/money';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';
import { previewCancellation } from '@/manage/shared/closing-api';
import { EmailPreviewBox } from '@/manage/shared/email-preview';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { bookingQueryKey, cancelBooking, diaryQueryKey, refundBookingDeposit } from './diary-api';

type CancelValues = z.input<typeof cancelBookingRequestSchema>;

const labels = { internalNote: 'Internal note', message: 'Message to the customer' };

/**
 * Cancelling a booking on the one form kit (issue 32): an internal note, kept in the booking and
 * never sent, and an optional message to the customer. The first press checks both with the
 * shared schema and shows the e-mail exactly as the customer will receive it (the server's own
 * template); the second sends. A refusal shows on its field, and what was typed stays.
 * With a paid deposit, the owner (`mayRefund`) gives it back in the same step (issue 36): the
 * business cancelled, so by default the customer's money goes back; unticked, it is kept and can
 * still be refunded below.
 */
export function CancelBookingForm({
  booking,
  mayRefund = false,
}: {
  booking: DiaryBooking;
  mayRefund?: boolean;
}) {
  const queries = useQueryClient();
  const [preview, setPreview] = useState<EmailPreview | undefined>();
  const deposit = booking.deposit;
  const refundable = mayRefund && deposit ? depositRefundablePence(deposit) : 0;
  const [refundToo, setRefundToo] = useState(true);
  const refunding = refundable > 0 && refundToo;
  const refundText = formatPounds(refundable / 100);
  const form = useForm<CancelValues, unknown, CancelBookingRequest>({
    resolver: zodResolver(cancelBookingRequestSchema),
    mode: 'onSubmit',
    defaultValues: { internalNote: '', message: '' },
  });
  useUnsavedChanges(form.formState.isDirty);
  const { submit, failure, setFailure } = useFormSubmit(form, {
    send: async ({ internalNote, message }) => {
      const updated = await cancelBooking(booking.id, {
        ...(internalNote ? { internalNote } : {}),
        ...(message ? { message } : {}),
      });
      // Sent with the cancellation: nothing unsaved is left.
      form.reset({ internalNote: '', message: '' });
      queries.setQueryData(bookingQueryKey(booking.id), updated);
      if (refunding && deposit) {
        try {
          const refunded = await refundBookingDeposit(booking.id, {
            amountPence: refundable,
            reason: (internalNote || 'The business cancelled the booking').slice(0, 500),
            expectedRefundedPence: deposit.refundedPence,
          });
          queries.setQueryData(bookingQueryKey(booking.id), refunded);
          showToast(
            'saved',
            `Booking cancelled, and ${refundText} refunded to the customer's card.`,
          );
        } catch (error) {
          // The cancellation stands; the refund form below the booking can try again.
          const why = error instanceof ApiError ? ` (${error.message})` : '';
          showToast(
            'failed',
            `The booking is cancelled, but its deposit could not be refunded${why}. Refund it below.`,
          );
        }
      } else {
        showToast('saved', 'Booking cancelled.');
      }
      await queries.invalidateQueries({ queryKey: diaryQueryKey() });
    },
    failedText: 'The booking could not be cancelled. Please try again.',
    onFailure: () => {
      // Back to the first step: the owner reads the problem, corrects, and confirms again.
      setPreview(undefined);
      return false;
    },
  });
  const ask = form.handleSubmit(async ({ message }) => {
    setFailure(undefined);
    try {
      setPreview(await previewCancellation(booking.id, message ?? ''));
    } catch {
      setFailure('The e-mail to the customer could not be shown. Please try again.');
    }
  });
  const confirming = preview !== undefined;
  const busy = form.formState.isSubmitting;
  // A change of the message after the preview asks for a new preview.
  const message = form.register('message', { onChange: () => setPreview(undefined) });
  return (
    <form
      className="manage__form"
      noValidate
      aria-labelledby="cancel-booking-heading"
      onSubmit={(event) => void (confirming ? submit(event) : ask(event))}
    >
      <h2 id="cancel-booking-heading">Cancel this booking</h2>
      <FormField
        label="Internal note (optional; never sent to the customer)"
        multiline
        registration={form.register('internalNote')}
        error={form.formState.errors.internalNote}
      />
      <FormField
        label="Message to the customer (optional; sent word for word in the e-mail)"
        multiline
        registration={message}
        error={form.formState.errors.message}
      />
      {refundable > 0 && (
        <label className="manage__check">
          <input
            type="checkbox"
            checked={refundToo}
            onChange={(event) => {
              setRefundToo(event.target.checked);
              setPreview(undefined);
            }}
          />{' '}
          Refund the deposit ({refundText}) to the customer’s card
        </label>
      )}
      {preview && (
        <>
          <p role="status">
            The time will be free for others at once.{' '}
            {refunding ? `${refundText} goes back to the customer’s card. ` : ''}
            {preview.to ? 'The customer will receive this e-mail:' : ''}
          </p>
          <EmailPreviewBox preview={preview} label="The cancellation e-mail" />
        </>
      )}
      <FormErrorSummary form={form} failure={failure} busy={busy} labels={labels} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy
          ? confirming
            ? 'Cancelling…'
            : 'Preparing the e-mail…'
          : confirming
            ? preview.to
              ? 'Yes, cancel and send the e-mail'
              : 'Yes, cancel the booking'
            : 'Cancel the booking…'}
      </button>{' '}
      {confirming && (
        <button type="button" className="button" onClick={() => setPreview(undefined)}>
          Keep it
        </button>
      )}
    </form>
  );
}
