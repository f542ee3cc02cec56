import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { addDays, availableTimesSchema, formatLongDate, todayInTimeZone } from '@common/booking';
import { managedBookingSchema, type ManagedBooking } from '@common/booking-manage';
import { formatDuration, formatPounds } from '@common/money';
import { apiJson } from '@/lib/api-client';
import { useClient } from '@/lib/client-context';
import { LoadingLine } from '@/components/loading-line';
import { PageHeading } from '@/components/page-heading';
import { withQueryClient } from '@/lib/query-provider';
import { FreeDayCalendar } from './free-day-calendar';
import { useVisitorBookingRules } from './visitor-rules-api';
import './booking.css';

/**
 * The visitor's own booking, opened from the link in their e-mail (issue 17): what is booked,
 * and until the owner's cut-off, a move to another free time or a cancellation. The link's token
 * is the only key; the server answers 404 for one it does not know.
 */

const path = (token: string, action = '') =>
  `/api/bookings/manage/${encodeURIComponent(token)}${action}`;

async function send(token: string, action: string, body?: object): Promise<ManagedBooking> {
  const answer = await apiJson(path(token, action), {
    method: 'POST',
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return managedBookingSchema.parse((answer as { data: unknown }).data);
}

function ManageBookingPage() {
  const client = useClient();
  const queryClient = useQueryClient();
  const { token = '' } = useParams();
  const rules = useVisitorBookingRules();
  const [booking, setBooking] = useState<ManagedBooking | undefined>();
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [date, setDate] = useState('');
  const [times, setTimes] = useState<string[] | undefined>();
  const [time, setTime] = useState('');

  useEffect(() => {
    let live = true;
    apiJson(path(token))
      .then((answer) => {
        if (live) setBooking(managedBookingSchema.parse((answer as { data: unknown }).data));
      })
      .catch((error: unknown) => {
        if (live) setFailure(error instanceof Error ? error.message : String(error));
      });
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    if (!booking || date === '') return;
    let live = true;
    apiJson('/api/bookings/time', {
      method: 'POST',
      body: JSON.stringify({ bookingDate: date, estmatedDuration: booking.totalDuration }),
    })
      .then((answer) => {
        if (live) setTimes(availableTimesSchema.parse(answer));
      })
      .catch((error: unknown) => {
        if (live) {
          setTimes([]);
          setFailure(error instanceof Error ? error.message : String(error));
        }
      });
    return () => {
      live = false;
    };
  }, [booking, date]);

  const act = async (action: () => Promise<ManagedBooking>, done: string) => {
    setBusy(true);
    setFailure('');
    setNotice('');
    try {
      setBooking(await action());
      // The old time is free again and the new one taken: the month view asks afresh.
      queryClient.removeQueries({ queryKey: ['booking', 'free-days'] });
      setNotice(done);
      setDate('');
      setTimes(undefined);
      setConfirmCancel(false);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  if (!booking || !rules.data) {
    const problem = failure || rules.error?.message;
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

  const today = todayInTimeZone(client.timeZone);
  const lastDate = addDays(today, rules.data.horizonDays);
  const chooseDate = (next: string) => {
    if (next === date) return; // the times already shown stay
    setTimes(undefined);
    setTime('');
    setDate(next);
  };
  return (
    <section className="page manage-booking">
      <PageHeading>Your booking {booking.reference}</PageHeading>
      <div role="status">{notice && <p className="manage-notice">{notice}</p>}</div>
      {failure && (
        <p role="alert" className="booking-error">
          {failure}
        </p>
      )}
      <dl className="booked-summary">
        <dt>Status</dt>
        <dd data-testid="booking-status">
          {booking.status === 'cancelled' ? 'Cancelled' : 'Booked'}
        </dd>
        <dt>Treatments</dt>
        <dd>{booking.treatments.map((t) => t.name).join(', ')}</dd>
        <dt>Date</dt>
        <dd data-testid="booking-date">{formatLongDate(booking.date)}</dd>
        <dt>Time</dt>
        <dd data-testid="booking-time">
          {booking.start} to {booking.end}
        </dd>
        <dt>Total</dt>
        <dd>
          {formatPounds(booking.totalPrice)} ({formatDuration(booking.totalDuration)})
        </dd>
        <dt>Where</dt>
        <dd>
          {booking.salon.title}, {booking.salon.address}
        </dd>
      </dl>

      {booking.status === 'booked' && !booking.changeable && (
        <p>
          This booking can no longer be changed online. Please contact {booking.salon.title}
          {booking.salon.telephone ? ` on ${booking.salon.telephone}` : ''}.
        </p>
      )}

      {booking.changeable && (
        <>
          <h2>Move to another time</h2>
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
            <label htmlFor="move-date">New date</label>
            <input
              id="move-date"
              type="date"
              min={today}
              max={lastDate}
              value={date}
              onChange={(event) => chooseDate(event.target.value)}
            />
          </div>
          {date !== '' && (
            <div className="booking-field">
              <label htmlFor="move-time">New time</label>
              <select
                id="move-time"
                value={time}
                disabled={!times || times.length === 0}
                onChange={(event) => setTime(event.target.value)}
              >
                <option value="">
                  {!times
                    ? 'Looking for free times…'
                    : times.length === 0
                      ? 'No free times on this day'
                      : 'Choose a time'}
                </option>
                {times?.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
          )}
          <p>
            <button
              type="button"
              className="button button--primary"
              disabled={busy || date === '' || time === ''}
              onClick={() =>
                void act(
                  () => send(token, '/move', { startTime: `${date} ${time}:00` }),
                  `Your booking is moved to ${formatLongDate(date)} at ${time}. We have e-mailed you the new details.`,
                )
              }
            >
              Move my booking
            </button>
          </p>

          <h2>Cancel</h2>
          {confirmCancel ? (
            <p>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() =>
                  void act(
                    () => send(token, '/cancel'),
                    'Your booking is cancelled. We have e-mailed you to confirm.',
                  )
                }
              >
                Yes, cancel my booking
              </button>{' '}
              <button type="button" className="button" onClick={() => setConfirmCancel(false)}>
                Keep it
              </button>
            </p>
          ) : (
            <p>
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => setConfirmCancel(true)}
              >
                Cancel my booking
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}

export default withQueryClient(ManageBookingPage);
