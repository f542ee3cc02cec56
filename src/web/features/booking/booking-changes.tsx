import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { formatLongDate } from '@common/booking';
import {
  managedBookingSchema,
  moveBookingFormSchema,
  moveRequestOf,
  type ManagedBooking,
  type MoveBookingForm,
} from '@common/booking-manage';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { apiJson } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';

/**
 * The visitor's move and cancel forms on their booking's page (manage-booking-page.tsx), on the
 * one form kit. A chunk of its own, fetched as the page opens, as booking's stage two is: it
 * brings react-hook-form and the form schemas (the chunks the booking and contact forms share),
 * while the page keeps TanStack Query, the month view and the free times, which it hands in, so
 * neither group is over the visitor's 30 KB (docs/decisions/0014-page-speed.md).
 */

const path = (token: string, action: string) =>
  `/api/bookings/manage/${encodeURIComponent(token)}${action}`;

async function send(token: string, action: string, body?: object): Promise<ManagedBooking> {
  const answer = await apiJson(path(token, action), {
    method: 'POST',
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return managedBookingSchema.parse((answer as { data: unknown }).data);
}

/** The free times of the date the move form has chosen, as the page looked them up. */
export interface FreeTimes {
  times: readonly string[] | undefined;
  failed: boolean;
}

export interface BookingChangesProps {
  token: string;
  today: string;
  lastDate: string;
  /** The page's month view, showing `selected` and choosing a date with `onSelect`. */
  calendar: (selected: string, onSelect: (date: string) => void) => ReactNode;
  freeTimes: FreeTimes;
  /** The form's date, whenever it changes: the page looks up its free times. */
  onDateChange: (date: string) => void;
  /** A move was refused: the page asks for the free times afresh. */
  onRefused: () => void;
  /** The booking as it is after a move or a cancellation, and what to tell the visitor. */
  onChanged: (booking: ManagedBooking, notice: string) => void;
}

const emptyMove: MoveBookingForm = { date: '', time: '' };

function MoveForm({
  token,
  today,
  lastDate,
  calendar,
  freeTimes,
  onDateChange,
  onRefused,
  onChanged,
}: BookingChangesProps) {
  const form = useForm<MoveBookingForm>({
    resolver: zodResolver(moveBookingFormSchema),
    mode: 'onSubmit',
    defaultValues: emptyMove,
  });
  // eslint-disable-next-line react-hooks/incompatible-library -- watch: the times follow the date
  const date = form.watch('date');
  useEffect(() => onDateChange(date), [date, onDateChange]);
  const { submit, failure } = useFormSubmit(form, {
    send: async (values) => {
      const moved = await send(token, '/move', moveRequestOf(values));
      form.reset(emptyMove);
      onChanged(
        moved,
        `Your booking is moved to ${formatLongDate(values.date)} at ${values.time}. We have e-mailed you the new details.`,
      );
    },
    failedText: 'Your booking could not be moved. Please try again.',
    // The server names the start it refused (startTime): the time box is where it was chosen.
    issueNames: { startTime: 'time' },
    onFailure: () => {
      onRefused();
      return false;
    },
  });
  const chooseDate = (next: string) => {
    if (next === form.getValues('date')) return; // the time already chosen stays
    form.setValue('time', '');
    form.setValue('date', next, { shouldDirty: true });
  };
  const dateField = form.register('date', { onChange: () => form.setValue('time', '') });
  const errors = form.formState.errors;
  const { times } = freeTimes;
  const timeChoice = !times
    ? freeTimes.failed
      ? 'The free times could not be loaded'
      : 'Looking for free times…'
    : times.length === 0
      ? 'No free times on this day'
      : 'Choose a time';
  const busy = form.formState.isSubmitting;
  return (
    <form
      className="booking-move"
      aria-labelledby="move-heading"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="move-heading">Move to another time</h2>
      {calendar(date, chooseDate)}
      <div className="booking-field">
        <FormField
          label="New date"
          type="date"
          min={today}
          max={lastDate}
          registration={dateField}
          error={errors.date}
        />
      </div>
      {date !== '' && (
        <div className="booking-field">
          <FormField
            label="New time"
            registration={form.register('time')}
            error={errors.time}
            options={[timeChoice, ...(times ?? [])]}
          />
        </div>
      )}
      <FormErrorSummary
        form={form}
        failure={failure}
        busy={busy}
        labels={{ date: 'New date', time: 'New time' }}
      />
      <p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Moving…' : 'Move my booking'}
        </button>
      </p>
    </form>
  );
}

/** Cancelling: a form with no fields, asked twice; a refusal is said in its summary. */
function CancelForm({ token, onChanged }: Pick<BookingChangesProps, 'token' | 'onChanged'>) {
  const [confirming, setConfirming] = useState(false);
  const form = useForm();
  const { submit, failure } = useFormSubmit(form, {
    send: async () => {
      onChanged(
        await send(token, '/cancel'),
        'Your booking is cancelled. We have e-mailed you to confirm.',
      );
    },
    failedText: 'Your booking could not be cancelled. Please try again.',
    onFailure: () => {
      setConfirming(false);
      return false;
    },
  });
  const busy = form.formState.isSubmitting;
  return (
    <form aria-labelledby="cancel-heading" noValidate onSubmit={(event) => void submit(event)}>
      <h2 id="cancel-heading">Cancel</h2>
      <FormErrorSummary form={form} failure={failure} busy={busy} />
      {confirming ? (
        <p>
          {/* Keyed apart from the first button: the press that asks must not submit. */}
          <button key="yes" type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Cancelling…' : 'Yes, cancel my booking'}
          </button>{' '}
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </p>
      ) : (
        <p>
          <button key="ask" type="button" className="button" onClick={() => setConfirming(true)}>
            Cancel my booking
          </button>
        </p>
      )}
    </form>
  );
}

export function BookingChanges(props: BookingChangesProps) {
  return (
    <>
      <MoveForm {...props} />
      <CancelForm token={props.token} onChanged={props.onChanged} />
    </>
  );
}
