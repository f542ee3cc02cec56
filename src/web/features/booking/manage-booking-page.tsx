import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { addDays, availableTimesSchema, formatLongDate, todayInTimeZone } from '@common/booking';
import { managedBookingSchema, type ManagedBooking } from '@common/booking-manage';
import { formatDuration, formatPounds } from '@common/money';
import { apiJson } from '@/lib/api-client';
import { useClient } from '@/lib/client-context';
import { LoadingLine } from '@/components/loading-line';
import { PageHeading } from '@/components/page-heading';
import { preloadable } from '@/lib/preloadable';
import { withQueryClient } from '@/lib/query-provider';
import { FreeDayCalendar } from './free-day-calendar';
import { useVisitorBookingRules } from './visitor-rules-api';
import './booking.css';

/**
 * The visitor's own booking, opened from the link in their e-mail (issue 17): what is booked,
 * and until the owner's cut-off, a move to another free time or a cancellation. The link's token
 * is the only key; the server answers 404 for one it does not know.
 *
 * The move and cancel forms are the one form kit's (booking-changes.tsx), a chunk of their own
 * fetched as the page opens: with react-hook-form in this chunk the page's group weighed
 * 43.0 KB gzipped against the visitor's 30 KB (docs/decisions/0014-page-speed.md). This page
 * keeps what needs TanStack Query: the booking, the month view and the free times of the date
 * the move form has chosen, which it hands to the form.
 */

const bookingChanges = preloadable(async () => (await import('./booking-changes')).BookingChanges);

const bookingQueryKey = (token: string) => ['booking', 'manage', token] as const;

async function fetchManaged(token: string): Promise<ManagedBooking> {
  const answer = await apiJson(`/api/bookings/manage/${encodeURIComponent(token)}`);
  return managedBookingSchema.parse((answer as { data: unknown }).data);
}

async function fetchFreeTimes(date: string, duration: number): Promise<string[]> {
  const answer = await apiJson('/api/bookings/time', {
    method: 'POST',
    body: JSON.stringify({ bookingDate: date, estmatedDuration: duration }),
  });
  return availableTimesSchema.parse(answer);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function ManageBookingPage() {
  const client = useClient();
  const queryClient = useQueryClient();
  const { token = '' } = useParams();
  const rules = useVisitorBookingRules();
  const booking = useQuery({
    queryKey: bookingQueryKey(token),
    queryFn: () => fetchManaged(token),
    retry: false,
  });
  const [notice, setNotice] = useState('');
  // The move form's date (the form keeps it): its free times are looked up here.
  const [moveDate, setMoveDate] = useState('');
  const duration = booking.data?.totalDuration ?? 0;
  const times = useQuery({
    queryKey: ['booking', 'times', moveDate, duration],
    queryFn: () => fetchFreeTimes(moveDate, duration),
    enabled: moveDate !== '' && duration > 0,
    staleTime: 0,
    retry: false,
  });

  useEffect(() => {
    void bookingChanges.preload();
  }, []);

  const changed = useCallback(
    (now: ManagedBooking, said: string) => {
      queryClient.setQueryData(bookingQueryKey(token), now);
      // The old time is free again and the new one taken: the month view asks afresh.
      queryClient.removeQueries({ queryKey: ['booking', 'free-days'] });
      setNotice(said);
    },
    [queryClient, token],
  );
  const refetchTimes = times.refetch;
  const refused = useCallback(() => void refetchTimes(), [refetchTimes]);

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
          <p className="booking-hint">
            You can move or cancel online until{' '}
            {new Date(b.changeUntil).toLocaleString('en-GB', {
              timeZone: client.timeZone,
              dateStyle: 'full',
              timeStyle: 'short',
            })}
            .
          </p>
          <Suspense fallback={<LoadingLine>Loading the forms…</LoadingLine>}>
            <bookingChanges.Component
              token={token}
              today={today}
              lastDate={lastDate}
              calendar={(selected, onSelect) => (
                <FreeDayCalendar
                  durationMinutes={b.totalDuration}
                  today={today}
                  lastDate={lastDate}
                  selected={selected}
                  onSelect={onSelect}
                />
              )}
              freeTimes={{ times: times.data, failed: times.isError }}
              onDateChange={setMoveDate}
              onRefused={refused}
              onChanged={changed}
            />
          </Suspense>
        </>
      )}
    </section>
  );
}

export default withQueryClient(ManageBookingPage);
