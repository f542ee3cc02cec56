import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { addDays, availableTimesSchema, formatLongDate, todayInTimeZone } from '@common/booking';
import {
  managedBookingSchema,
  moveBookingFormSchema,
  moveRequestOf,
  type ManagedBooking,
  type MoveBookingForm,
} from '@common/booking-manage';
import { formatDuration, formatPounds } from '@common/money';
import { ErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { apiJson } from '@/lib/api-client';
import { useClient } from '@/lib/client-context';
import { useFormSubmit } from '@/lib/form-kit';
import { LoadingLine } from '@/components/loading-line';
import { PageHeading } from '@/components/page-heading';
import { withQueryClient } from '@/lib/query-provider';
import { FreeDayCalendar } from './free-day-calendar';
import { useVisitorBookingRules } from './visitor-rules-api';
import './booking.css';

/**
 * The visitor's own booking, opened from the link in their e-mail (issue 17): what is booked,
 * and until the owner's cut-off, a move to another free time or a cancellation. The link's token
 * is the only key; the server answers 404 for one it does not know. The move is a form of the one
 * form kit (moveBookingFormSchema); cancelling is a button with a confirming step.
 */

const path = (token: string, action = '') =>
  `/api/bookings/manage/${encodeURIComponent(token)}${action}`;

const bookingQueryKey = (token: string) => ['booking', 'manage', token] as const;

async function fetchManaged(token: string): Promise<ManagedBooking> {
  const answer = await apiJson(path(token));
  return managedBookingSchema.parse((answer as { data: unknown }).data);
}

async function send(token: string, action: string, body?: object): Promise<ManagedBooking> {
  const answer = await apiJson(path(token, action), {
    method: 'POST',
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return managedBookingSchema.parse((answer as { data: unknown }).data);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the page shares after a move or a cancellation: the booking as it is now. */
function useBookingChanged(token: string, say: (notice: string) => void) {
  const queryClient = useQueryClient();
  return (booking: ManagedBooking, notice: string) => {
    queryClient.setQueryData(bookingQueryKey(token), booking);
    // The old time is free again and the new one taken: the month view asks afresh.
    queryClient.removeQueries({ queryKey: ['booking', 'free-days'] });
    say(notice);
  };
}

function MoveForm({
  token,
  booking,
  today,
  lastDate,
  onMoved,
}: {
  token: string;
  booking: ManagedBooking;
  today: string;
  lastDate: string;
  onMoved: (booking: ManagedBooking, notice: string) => void;
}) {
  const client = useClient();
  const form = useForm<MoveBookingForm>({
    resolver: zodResolver(moveBookingFormSchema),
    mode: 'onSubmit',
    defaultValues: { date: '', time: '' },
  });
  // eslint-disable-next-line react-hooks/incompatible-library -- watch: the times follow the date
  const date = form.watch('date');
  const times = useQuery({
    queryKey: ['booking', 'times', date, booking.totalDuration],
    queryFn: async () =>
      availableTimesSchema.parse(
        await apiJson('/api/bookings/time', {
          method: 'POST',
          body: JSON.stringify({ bookingDate: date, estmatedDuration: booking.totalDuration }),
        }),
      ),
    enabled: date !== '',
    staleTime: 0,
    retry: false,
  });
  const { submit, failure } = useFormSubmit(form, {
    send: async (values) => {
      const moved = await send(token, '/move', moveRequestOf(values));
      form.reset({ date: '', time: '' });
      onMoved(
        moved,
        `Your booking is moved to ${formatLongDate(values.date)} at ${values.time}. We have e-mailed you the new details.`,
      );
    },
    failedText: 'Your booking could not be moved. Please try again.',
    // The server names the start it refused; the time box is where the visitor chooses it.
    onFailure: () => {
      void times.refetch();
      return false;
    },
  });
  const chooseDate = (next: string) => {
    if (next === form.getValues('date')) return; // the time already chosen stays
    form.setValue('time', '');
    form.setValue('date', next, { shouldDirty: true });
  };
  const dateField = form.register('date');
  const errors = form.formState.errors;
  const timeChoice = !times.data
    ? times.isError
      ? 'The free times could not be loaded'
      : 'Looking for free times…'
    : times.data.length === 0
      ? 'No free times on this day'
      : 'Choose a time';
  return (
    <form
      className="booking-move"
      aria-labelledby="move-heading"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="move-heading">Move to another time</h2>
      <p className="booking-hint">
        You can move or cancel online until{' '}
        {new Date(booking.changeUntil).toLocaleString('en-GB', {
          timeZone: client.timeZone,
          dateStyle: 'full',
          timeStyle: 'short',
        })}
        .
      </p>
      <FreeDayCalendar
        durationMinutes={booking.totalDuration}
        today={today}
        lastDate={lastDate}
        selected={date}
        onSelect={chooseDate}
      />
      <div className="booking-field">
        <FormField
          label="New date"
          type="date"
          min={today}
          max={lastDate}
          registration={{
            ...dateField,
            onChange: async (event) => {
              form.setValue('time', '');
              await dateField.onChange(event);
            },
          }}
          error={errors.date}
        />
      </div>
      {date !== '' && (
        <div className="booking-field">
          <FormField
            label="New time"
            registration={form.register('time')}
            error={errors.time}
            options={[timeChoice, ...(times.data ?? [])]}
          />
        </div>
      )}
      <ErrorSummary
        errors={errors}
        failure={failure}
        submitCount={form.formState.submitCount}
        submitting={form.formState.isSubmitting}
        onFocusField={(name) => form.setFocus(name as keyof MoveBookingForm)}
        labels={{ date: 'New date', time: 'New time' }}
      />
      <p>
        <button
          type="submit"
          className="button button--primary"
          disabled={form.formState.isSubmitting}
        >
          {form.formState.isSubmitting ? 'Moving…' : 'Move my booking'}
        </button>
      </p>
    </form>
  );
}

function CancelBooking({
  token,
  onCancelled,
}: {
  token: string;
  onCancelled: (booking: ManagedBooking, notice: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => send(token, '/cancel'),
    onSuccess: (booking) =>
      onCancelled(booking, 'Your booking is cancelled. We have e-mailed you to confirm.'),
  });
  return (
    <>
      <h2>Cancel</h2>
      {cancel.isError && (
        <p role="alert" className="booking-error">
          {messageOf(cancel.error)}
        </p>
      )}
      {confirming ? (
        <p>
          <button
            type="button"
            className="button button--primary"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            Yes, cancel my booking
          </button>{' '}
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </p>
      ) : (
        <p>
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            Cancel my booking
          </button>
        </p>
      )}
    </>
  );
}

function ManageBookingPage() {
  const client = useClient();
  const { token = '' } = useParams();
  const rules = useVisitorBookingRules();
  const booking = useQuery({
    queryKey: bookingQueryKey(token),
    queryFn: () => fetchManaged(token),
    retry: false,
  });
  const [notice, setNotice] = useState('');
  const changed = useBookingChanged(token, setNotice);

  if (!booking.data || !rules.data) {
    const problem = booking.error ? messageOf(booking.error) : rules.error?.message;
    return (
      <section className="page manage-booking">
        <PageHeading>Your booking</PageHeading>
        {problem ? (
          <p role="alert" className="booking-error">
            {problem}
          </p>
        ) : (
          <LoadingLine>Loading your booking…</LoadingLine>
        )}
      </section>
    );
  }

  const b = booking.data;
  const today = todayInTimeZone(client.timeZone);
  const lastDate = addDays(today, rules.data.horizonDays);
  return (
    <section className="page manage-booking">
      <PageHeading>Your booking {b.reference}</PageHeading>
      <div role="status">{notice && <p className="manage-notice">{notice}</p>}</div>
      <dl className="booked-summary">
        <dt>Status</dt>
        <dd data-testid="booking-status">{b.status === 'cancelled' ? 'Cancelled' : 'Booked'}</dd>
        <dt>Treatments</dt>
        <dd>{b.treatments.map((t) => t.name).join(', ')}</dd>
        <dt>Date</dt>
        <dd data-testid="booking-date">{formatLongDate(b.date)}</dd>
        <dt>Time</dt>
        <dd data-testid="booking-time">
          {b.start} to {b.end}
        </dd>
        <dt>Total</dt>
        <dd>
          {formatPounds(b.totalPrice)} ({formatDuration(b.totalDuration)})
        </dd>
        <dt>Where</dt>
        <dd>
          {b.salon.title}, {b.salon.address}
        </dd>
      </dl>

      {b.status === 'booked' && !b.changeable && (
        <p>
          This booking can no longer be changed online. Please contact {b.salon.title}
          {b.salon.telephone ? ` on ${b.salon.telephone}` : ''}.
        </p>
      )}

      {b.changeable && (
        <>
          <MoveForm token={token} booking={b} today={today} lastDate={lastDate} onMoved={changed} />
          <CancelBooking token={token} onCancelled={changed} />
        </>
      )}
    </section>
  );
}

export default withQueryClient(ManageBookingPage);
