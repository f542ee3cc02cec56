import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { addDays, formatLongDate, todayInTimeZone } from '@common/booking';
import type { DiaryBooking } from '@common/diary';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { useClient } from '@/lib/client-context';
import { EmptyState } from '@/manage/shared/empty-state';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import {
  addBooking,
  bookingQueryKey,
  cancelBooking,
  diaryQueryKey,
  fetchBooking,
  fetchDiary,
  fetchFreeTimes,
  fetchMenu,
  menuQueryKey,
  type DiaryView,
} from './diary-api';

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const problem = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

function Contact({ booking }: { booking: DiaryBooking }) {
  const { telephone, email } = booking.customer;
  return (
    <>
      {telephone && <a href={`tel:${telephone.replace(/\s+/g, '')}`}>{telephone}</a>}
      {telephone && email && ' · '}
      {email && <a href={`mailto:${email}`}>{email}</a>}
    </>
  );
}

function BookingCard({ booking }: { booking: DiaryBooking }) {
  const cancelled = booking.status === 'cancelled';
  return (
    <li className={`card${cancelled ? ' manage__cancelled' : ''}`}>
      <h3>
        <Link to={`?booking=${booking.id}`}>
          {booking.start}–{booking.end} {booking.customer.name}
        </Link>
        {cancelled && <span className="manage__status manage__status--cancelled">Cancelled</span>}
        {booking.status === 'pending' && (
          <span className="manage__status">Awaiting e-mail confirmation</span>
        )}
      </h3>
      <p>
        {booking.treatments.map((t) => t.name).join(', ')} · {booking.totalDuration} min ·{' '}
        <strong>{pounds.format(booking.totalPrice)}</strong>
      </p>
      <p>
        <Contact booking={booking} />
      </p>
    </li>
  );
}

function DiaryList() {
  const client = useClient();
  const [params, setParams] = useSearchParams();
  const today = todayInTimeZone(client.timeZone);
  const date = params.get('date') ?? today;
  const view: DiaryView = params.get('view') === 'week' ? 'week' : 'day';
  const dateId = useId();
  const go = (next: { date?: string; view?: DiaryView }) =>
    setParams({ date: next.date ?? date, view: next.view ?? view });
  const diary = useQuery({
    queryKey: diaryQueryKey(date, view),
    queryFn: () => fetchDiary(date, view),
    staleTime: 0,
  });
  const step = view === 'week' ? 7 : 1;
  return (
    <section className="manage__screen">
      <div className="manage__head">
        <PageHeading title="Diary">Diary</PageHeading>
        <Link className="button button--primary" to="?add=1">
          Add a booking
        </Link>
      </div>
      <div className="manage__diary-nav">
        <div className="manage__segmented" role="group" aria-label="View">
          {(['day', 'week'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={view === choice}
              onClick={() => go({ view: choice })}
            >
              {choice === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </div>
        <button type="button" className="button" onClick={() => go({ date: today })}>
          Today
        </button>
        <div className="manage__diary-step">
          <button
            type="button"
            className="button manage__icon-button"
            onClick={() => go({ date: addDays(date, -step) })}
          >
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">
              {view === 'week' ? 'Previous week' : 'Previous day'}
            </span>
          </button>
          <label htmlFor={dateId} className="visually-hidden">
            Date
          </label>
          <input
            id={dateId}
            type="date"
            value={date}
            onChange={(event) => {
              if (event.target.value) go({ date: event.target.value });
            }}
          />
          <button
            type="button"
            className="button manage__icon-button"
            onClick={() => go({ date: addDays(date, step) })}
          >
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">{view === 'week' ? 'Next week' : 'Next day'}</span>
          </button>
        </div>
      </div>
      {diary.isPending && <ScreenSkeleton />}
      {diary.isError && (
        <p role="alert">
          {problem(diary.error, 'The diary could not be loaded. Please try again.')}
        </p>
      )}
      {diary.data?.days.map((day) => (
        <section key={day.date} aria-label={formatLongDate(day.date)} className="manage__diary-day">
          <h2>
            {day.date === today ? 'Today, ' : ''}
            {formatLongDate(day.date)}
          </h2>
          {day.bookings.length === 0 ? (
            view === 'day' ? (
              <EmptyState
                title="No bookings"
                action={
                  <Link className="button" to="?add=1">
                    Add a booking
                  </Link>
                }
              >
                Bookings made online appear here as they come in. Took one by phone? Add it.
              </EmptyState>
            ) : (
              <p>No bookings.</p>
            )
          ) : (
            <ol className="manage__cards">
              {day.bookings.map((booking) => (
                <BookingCard key={booking.id} booking={booking} />
              ))}
            </ol>
          )}
        </section>
      ))}
    </section>
  );
}

function CancelForm({ booking }: { booking: DiaryBooking }) {
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  useUnsavedChanges(reason !== '');
  const reasonId = useId();
  const cancel = useMutation({
    mutationFn: () => cancelBooking(booking.id, reason.trim() ? { reason: reason.trim() } : {}),
    onSuccess: async (updated) => {
      queries.setQueryData(bookingQueryKey(booking.id), updated);
      setConfirming(false);
      // Sent with the cancellation: nothing unsaved is left.
      setReason('');
      await queries.invalidateQueries({ queryKey: diaryQueryKey() });
    },
  });
  return (
    <form
      className="manage__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (confirming) cancel.mutate();
        else setConfirming(true);
      }}
    >
      <h2>Cancel this booking</h2>
      <p>
        <label htmlFor={reasonId}>Reason (optional)</label>
        <textarea
          id={reasonId}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </p>
      {confirming && (
        <p role="status">The time will be free for others at once. Cancel the booking?</p>
      )}
      {cancel.isError && (
        <p role="alert">{problem(cancel.error, 'The booking could not be cancelled.')}</p>
      )}
      <button type="submit" className="button button--primary" disabled={cancel.isPending}>
        {confirming ? 'Yes, cancel the booking' : 'Cancel the booking…'}
      </button>{' '}
      {confirming && (
        <button type="button" className="button" onClick={() => setConfirming(false)}>
          Keep it
        </button>
      )}
    </form>
  );
}

function BookingView({ id }: { id: number }) {
  const client = useClient();
  const booking = useQuery({
    queryKey: bookingQueryKey(id),
    queryFn: () => fetchBooking(id),
    staleTime: 0,
    retry: false,
  });
  const b = booking.data;
  return (
    <section className="manage__screen">
      <p>
        <Link to={b ? `?date=${b.date}` : '.'}>← Diary</Link>
      </p>
      <PageHeading title={`Booking ${id}`}>Booking {id}</PageHeading>
      {booking.isPending && <ScreenSkeleton shape="form" />}
      {booking.isError && (
        <p role="alert">{problem(booking.error, 'The booking could not be loaded.')}</p>
      )}
      {b && (
        <>
          <dl className="manage__details">
            <dt>When</dt>
            <dd>
              {formatLongDate(b.date)}, {b.start}–{b.end}
            </dd>
            <dt>Status</dt>
            <dd>
              {b.status === 'cancelled'
                ? `Cancelled${b.cancelReason ? `: ${b.cancelReason}` : ''}`
                : b.status === 'pending'
                  ? `Awaiting the customer's e-mail confirmation${b.heldUntil ? ` (held until ${new Date(b.heldUntil).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: client.timeZone })})` : ''}`
                  : 'Booked'}{' '}
              ({b.source})
            </dd>
            <dt>Customer</dt>
            <dd>{b.customer.name}</dd>
            <dt>Contact</dt>
            <dd>
              <Contact booking={b} />
            </dd>
            <dt>Treatments</dt>
            <dd>
              {b.treatments.map((t) => `${t.name} (${t.duration} min)`).join(', ')} ·{' '}
              {b.totalDuration} min · {pounds.format(b.totalPrice)}
            </dd>
          </dl>
          {b.status !== 'cancelled' && <CancelForm booking={b} />}
        </>
      )}
    </section>
  );
}

function AddBooking() {
  const client = useClient();
  const queries = useQueryClient();
  const [, setParams] = useSearchParams();
  const today = todayInTimeZone(client.timeZone);
  const menu = useQuery({ queryKey: menuQueryKey, queryFn: fetchMenu, staleTime: 60_000 });
  const [chosen, setChosen] = useState<number[]>([]);
  const [date, setDate] = useState(today);
  const [time, setTime] = useState('');
  const [source, setSource] = useState<'phone' | 'walk-in'>('phone');
  const [name, setName] = useState('');
  const [telephone, setTelephone] = useState('');
  const [email, setEmail] = useState('');
  const leaveFreely = useUnsavedChanges(
    chosen.length > 0 || name !== '' || telephone !== '' || email !== '',
  );
  const ids = {
    date: useId(),
    time: useId(),
    source: useId(),
    name: useId(),
    tel: useId(),
    mail: useId(),
  };
  const treatments = (menu.data?.treatments ?? []).filter((t) => t.active);
  const duration = treatments
    .filter((t) => chosen.includes(t.id))
    .reduce((sum, t) => sum + t.duration, 0);
  const times = useQuery({
    queryKey: ['manage', 'free-times', date, duration],
    queryFn: () => fetchFreeTimes(date, duration),
    enabled: duration > 0 && date !== '',
    staleTime: 0,
  });
  const save = useMutation({
    mutationFn: () =>
      addBooking({
        source,
        startTime: `${date} ${time}:00`,
        customer: { name, telephone, email },
        treatmentIds: chosen,
      }),
    onSuccess: async (booking) => {
      await queries.invalidateQueries({ queryKey: diaryQueryKey() });
      // Booked: what was typed is saved, so moving on to the booking asks nothing.
      leaveFreely();
      setParams({ booking: String(booking.id) });
    },
    onError: async () => {
      await times.refetch();
    },
  });
  const taken = save.error instanceof ApiError && save.error.status === 409;
  return (
    <section className="manage__screen">
      <p>
        <Link to=".">← Diary</Link>
      </p>
      <PageHeading title="Add a booking">Add a booking</PageHeading>
      <form
        className="manage__form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <fieldset>
          <legend>Treatments</legend>
          {menu.isPending && <ScreenSkeleton shape="form" />}
          {treatments.map((t) => (
            <p key={t.id}>
              <label className="manage__check">
                <input
                  type="checkbox"
                  checked={chosen.includes(t.id)}
                  onChange={(event) =>
                    setChosen((now) =>
                      event.target.checked ? [...now, t.id] : now.filter((id) => id !== t.id),
                    )
                  }
                />{' '}
                {t.name} ({t.duration} min, {pounds.format(t.price)})
              </label>
            </p>
          ))}
        </fieldset>
        <p>
          <label htmlFor={ids.date}>Date</label>
          <input
            id={ids.date}
            type="date"
            required
            min={today}
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setTime('');
            }}
          />
        </p>
        <p>
          <label htmlFor={ids.time}>Time</label>
          <select
            id={ids.time}
            required
            value={time}
            onChange={(event) => setTime(event.target.value)}
          >
            <option value="">
              {duration === 0
                ? 'Choose treatments first'
                : times.data?.length === 0
                  ? 'No free time that day'
                  : 'Choose…'}
            </option>
            {times.data?.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label htmlFor={ids.source}>Booked by</label>
          <select
            id={ids.source}
            value={source}
            onChange={(event) => setSource(event.target.value === 'walk-in' ? 'walk-in' : 'phone')}
          >
            <option value="phone">Phone</option>
            <option value="walk-in">Walk-in</option>
          </select>
        </p>
        <p>
          <label htmlFor={ids.name}>Customer's name</label>
          <input
            id={ids.name}
            required
            maxLength={100}
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </p>
        <p>
          <label htmlFor={ids.tel}>Phone (optional)</label>
          <input
            id={ids.tel}
            type="tel"
            maxLength={20}
            autoComplete="off"
            value={telephone}
            onChange={(event) => setTelephone(event.target.value)}
          />
        </p>
        <p>
          <label htmlFor={ids.mail}>E-mail (optional: they get a confirmation)</label>
          <input
            id={ids.mail}
            type="email"
            maxLength={254}
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </p>
        {save.isError && (
          <p role="alert">
            {taken
              ? 'That time has just been taken. Please choose another time.'
              : problem(save.error, 'The booking could not be saved. Please try again.')}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending || chosen.length === 0}
        >
          {save.isPending ? 'Saving…' : 'Add the booking'}
        </button>
      </form>
    </section>
  );
}

/** /manage/diary: a day (today first) or a week; ?booking=ID shows one; ?add=1 adds one. */
export default function DiaryPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('booking'));
  if (Number.isInteger(id) && id > 0) return <BookingView id={id} />;
  if (params.get('add')) return <AddBooking />;
  return <DiaryList />;
}
