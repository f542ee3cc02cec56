import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  cancelBookingRequestSchema,
  type CancelBookingRequest,
  type DiaryBooking,
} from '@common/diary';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { useFormSubmit } from '@/lib/form-kit';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { bookingQueryKey, cancelBooking, diaryQueryKey } from './diary-api';

type CancelValues = z.input<typeof cancelBookingRequestSchema>;

/**
 * Cancelling a booking, with an optional reason, on the one form kit: the first press checks the
 * reason with the shared schema and asks to confirm; the second sends. A refusal shows on the
 * reason's field (or above the button) and the reason stays as typed.
 */
export function CancelBookingForm({ booking }: { booking: DiaryBooking }) {
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<CancelValues, unknown, CancelBookingRequest>({
    resolver: zodResolver(cancelBookingRequestSchema),
    mode: 'onSubmit',
    defaultValues: { reason: '' },
  });
  useUnsavedChanges(form.formState.isDirty);
  const ask = form.handleSubmit(() => setConfirming(true));
  const { submit, failure } = useFormSubmit(form, {
    send: async ({ reason }) => {
      const updated = await cancelBooking(booking.id, reason ? { reason } : {});
      // Sent with the cancellation: nothing unsaved is left.
      form.reset({ reason: '' });
      queries.setQueryData(bookingQueryKey(booking.id), updated);
      await queries.invalidateQueries({ queryKey: diaryQueryKey() });
    },
    savedText: 'Booking cancelled.',
    failedText: 'The booking could not be cancelled. Please try again.',
    onFailure: () => {
      // Back to the first step: the owner reads the problem, corrects, and confirms again.
      setConfirming(false);
      return false;
    },
  });
  const busy = form.formState.isSubmitting;
  return (
    <form
      className="manage__form"
      noValidate
      aria-labelledby="cancel-booking-heading"
      onSubmit={(event) => void (confirming ? submit(event) : ask(event))}
    >
      <h2 id="cancel-booking-heading">Cancel this booking</h2>
      <FormField
        label="Reason (optional)"
        multiline
        registration={form.register('reason')}
        error={form.formState.errors.reason}
      />
      {confirming && (
        <p role="status">The time will be free for others at once. Cancel the booking?</p>
      )}
      <FormErrorSummary form={form} failure={failure} busy={busy} labels={{ reason: 'Reason' }} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Cancelling…' : confirming ? 'Yes, cancel the booking' : 'Cancel the booking…'}
      </button>{' '}
      {confirming && (
        <button type="button" className="button" onClick={() => setConfirming(false)}>
          Keep it
        </button>
      )}
    </form>
  );
}
