import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { addDays, formatLongDate, todayInTimeZone } from '@common/booking';
import type { Diary, DiaryBooking, DiaryStaff } from '@common/diary';
import { PageHeading } from '@/components/page-heading';
import { useClient } from '@/lib/client-context';
import { useSearchParamsNow } from '@/lib/use-search-params-now';
import { EmptyState } from '@/manage/shared/empty-state';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { fetchDiary, diaryQueryKey, type DiaryView } from './diary-api';
import { BookingCard } from './booking-card';
import { problem } from './booking-display';
import { DiaryDayGrid } from './diary-day-grid';
import { DiarySearchBox, DiarySearchResults } from './diary-search';
import { DayTotalsSummary } from './diary-totals';

function diaryViewOf(params: URLSearchParams): DiaryView {
  return params.get('view') === 'week' ? 'week' : 'day';
}

/**
 * The diary itself: a day (today first) as a time grid with a column per therapist, or a week
 * as a list of days, moved by the buttons or the date box; each day with its totals. The search
 * box above finds bookings on any day (?q=…).
 */
export function DiaryList() {
  const client = useClient();
  const [params, changeParams] = useSearchParamsNow();
  const today = todayInTimeZone(client.timeZone);
  const date = params.get('date') ?? today;
  const view = diaryViewOf(params);
  const q = params.get('q');
  /** Shows a day or view, or steps a day or week from the one the address shows now. The chosen
   * therapist (on a phone) stays as the day changes. */
  const go = (next: { date?: string; view?: DiaryView } | { step: 1 | -1 }) =>
    changeParams((now) => {
      const shownView = diaryViewOf(now);
      const shownDate = now.get('date') ?? today;
      const staff = now.get('staff');
      const chosen =
        'step' in next
          ? {
              date: addDays(shownDate, next.step * (shownView === 'week' ? 7 : 1)),
              view: shownView,
            }
          : { date: next.date ?? shownDate, view: next.view ?? shownView };
      return new URLSearchParams({ ...chosen, ...(staff ? { staff } : {}) });
    });
  const diary = useQuery({
    queryKey: diaryQueryKey(date, view),
    queryFn: () => fetchDiary(date, view),
    staleTime: 0,
    enabled: !q,
  });
  return (
    <section className="manage__screen">
      <div className="manage__head">
        <PageHeading title="Diary">Diary</PageHeading>
        <Link className="button button--primary" to="?add=1">
          Add a booking
        </Link>
      </div>
      <DiarySearchBox />
      {q ? (
        <DiarySearchResults q={q} />
      ) : (
        <DiaryDays date={date} view={view} today={today} go={go} diary={diary} />
      )}
    </section>
  );
}

function DiaryDays({
  date,
  view,
  today,
  go,
  diary,
}: {
  date: string;
  view: DiaryView;
  today: string;
  go: (next: { date?: string; view?: DiaryView } | { step: 1 | -1 }) => void;
  diary: UseQueryResult<Diary>;
}) {
  const dateId = useId();
  return (
    <>
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
            onClick={() => go({ step: -1 })}
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
            onClick={() => go({ step: 1 })}
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
            <>
              <DayTotalsSummary totals={day.totals} />
              {view === 'day' ? (
                <DayOfTherapists bookings={day.bookings} staff={diary.data.staff} />
              ) : (
                <ol className="manage__cards">
                  {day.bookings.map((booking) => (
                    <BookingCard key={booking.id} booking={booking} />
                  ))}
                </ol>
              )}
            </>
          )}
        </section>
      ))}
    </>
  );
}

/** The day's grid, then its cancelled bookings (greyed, out of the grid's way). */
function DayOfTherapists({
  bookings,
  staff,
}: {
  bookings: readonly DiaryBooking[];
  staff: readonly DiaryStaff[];
}) {
  const cancelled = bookings.filter((b) => b.status === 'cancelled');
  return (
    <>
      <DiaryDayGrid bookings={bookings} staff={staff} />
      {cancelled.length > 0 && (
        <>
          <h3 className="diary-cancelled-heading">Cancelled</h3>
          <ol className="manage__cards">
            {cancelled.map((booking) => (
              <BookingCard key={booking.id} booking={booking} />
            ))}
          </ol>
        </>
      )}
    </>
  );
}
