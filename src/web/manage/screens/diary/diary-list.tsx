import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { addDays, formatLongDate, todayInTimeZone } from '@common/booking';
import type { DiaryBooking } from '@common/diary';
import { PageHeading } from '@/components/page-heading';
import { useClient } from '@/lib/client-context';
import { EmptyState } from '@/manage/shared/empty-state';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { fetchDiary, diaryQueryKey, type DiaryView } from './diary-api';
import { Contact, pounds, problem } from './booking-display';

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

/** The diary itself: a day (today first) or a week, moved by the buttons or the date box. */
export function DiaryList() {
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
