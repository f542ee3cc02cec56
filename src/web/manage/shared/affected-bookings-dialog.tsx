import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { formatLongDate } from '@common/booking';
import {
  cancelPreviewRequestSchema,
  type CancelPreviewRequest,
  type EmailPreview,
} from '@common/diary';
import { FormField } from '@/components/form-field';
import { ApiError } from '@/lib/api-client';
import { ModalDialog } from './confirm-dialog';
import { previewCancellation, type AffectedGroup } from './closing-api';
import { EmailPreviewBox } from './email-preview';

type MessageValues = z.input<typeof cancelPreviewRequestSchema>;

/** What the owner decided about the bookings in the days being closed. */
export type AffectedDecision =
  | { kind: 'cancel'; message: string }
  | { kind: 'keep' }
  /** Back to the screen, nothing saved (Escape too). */
  | { kind: 'back' };

/**
 * Closing days that hold bookings (issue 32): lists them, then either cancels them with one
 * message to each customer (shown first exactly as the first customer will receive it, by the
 * server's own template) or keeps them (they and their reminders stand). The screen that closes
 * the days (hours now, a therapist's time off later) saves and cancels on the decision, with
 * closing-api.ts.
 */
export function AffectedBookingsDialog({
  open,
  groups,
  what,
  onDecide,
}: {
  open: boolean;
  groups: readonly AffectedGroup[];
  /** What is being closed, for the title: "the salon", "Morven's time off". */
  what: string;
  onDecide: (decision: AffectedDecision) => void;
}) {
  const bookings = groups.flatMap((g) => g.bookings);
  const [preview, setPreview] = useState<{ message: string; email: EmailPreview } | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const form = useForm<MessageValues, unknown, CancelPreviewRequest>({
    resolver: zodResolver(cancelPreviewRequestSchema),
    mode: 'onSubmit',
    defaultValues: { message: '' },
  });
  const count = bookings.length === 1 ? 'this booking' : `these ${bookings.length} bookings`;
  const decide = (decision: AffectedDecision) => {
    setPreview(undefined);
    setFailure(undefined);
    onDecide(decision);
  };
  // First press: the e-mail as it will go; a second press with the same words cancels.
  const cancel = form.handleSubmit(async ({ message = '' }) => {
    if (preview && preview.message === message) {
      decide({ kind: 'cancel', message });
      return;
    }
    setFailure(undefined);
    try {
      setPreview({ message, email: await previewCancellation(bookings[0]!.id, message) });
    } catch (error) {
      setFailure(
        error instanceof ApiError
          ? error.message
          : 'The e-mail could not be shown. Please try again.',
      );
    }
  });
  // eslint-disable-next-line react-hooks/incompatible-library -- watch, as the hours screen says
  const confirming = preview !== undefined && preview.message === form.watch('message');
  const busy = form.formState.isSubmitting;
  return (
    <ModalDialog
      open={open}
      title={`Closing ${what}: ${bookings.length === 1 ? 'a booking stands' : `${bookings.length} bookings stand`} in those days`}
      onCancel={() => decide({ kind: 'back' })}
    >
      <ul className="affected-bookings" aria-label="Bookings in the days being closed">
        {bookings.map((b) => (
          <li key={b.id}>
            {formatLongDate(b.date)}, {b.start}–{b.end}: {b.customer.name} (
            {b.treatments.map((t) => t.name).join(', ')}
            {b.staff ? `, with ${b.staff.name}` : ''})
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={(event) => void cancel(event)}>
        <FormField
          label="Message to each customer (optional; sent word for word in the cancellation e-mail)"
          multiline
          registration={form.register('message')}
          error={form.formState.errors.message}
        />
        {preview && confirming && (
          <>
            <p>
              {bookings.length === 1 ? 'The customer' : 'Each customer'} will receive this e-mail
              {bookings.length > 1 ? ` (shown for ${bookings[0]!.customer.name})` : ''}:
            </p>
            <EmailPreviewBox preview={preview.email} label="The cancellation e-mail" />
          </>
        )}
        {failure && <p role="alert">{failure}</p>}
        <p className="manage-dialog__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {confirming
              ? `Yes, cancel ${count} and send the e-mail`
              : 'Cancel them and send each customer this message'}
          </button>
          <button type="button" className="button" onClick={() => decide({ kind: 'keep' })}>
            Keep them
          </button>
          <button type="button" className="button" onClick={() => decide({ kind: 'back' })}>
            Back to editing
          </button>
        </p>
      </form>
    </ModalDialog>
  );
}
