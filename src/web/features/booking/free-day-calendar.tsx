import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatLongDate } from '@common/booking';
import { freeDaysSchema, type DayState } from '@common/booking-free-days';
import { apiJson } from '@/lib/api-client';
import {
  addMonths,
  clampDate,
  dateAfterKey,
  formatMonthHeading,
  monthOf,
  weeksOfMonth,
} from './month-grid';

/** What each day of a month offers for treatments of this length (GET bookings/free-days). */
export function useFreeDays(
  month: string,
  estmatedDuration: number,
  treatmentIds: readonly number[] = [],
  staffId: number | null = null,
) {
  const treatments = treatmentIds.length > 0 ? `&treatmentIds=${treatmentIds.join(',')}` : '';
  const therapist = staffId !== null ? `&staffId=${staffId}` : '';
  return useQuery({
    queryKey: ['booking', 'free-days', month, estmatedDuration, treatmentIds.join(','), staffId],
    queryFn: async () =>
      freeDaysSchema.parse(
        await apiJson(
          `/api/bookings/free-days?month=${encodeURIComponent(month)}&estmatedDuration=${estmatedDuration}${treatments}${therapist}`,
        ),
      ),
    enabled: estmatedDuration > 0,
    // Days fill up as others book: ask again whenever the month is shown.
    staleTime: 0,
    retry: false,
  });
}

const weekdayNames = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

const stateWords: Record<DayState, string> = {
  free: 'free times',
  full: 'no free times',
  closed: 'closed',
  unbookable: 'not bookable',
};

interface FreeDayCalendarProps {
  /** The total length of the chosen treatments; 0 while none is chosen. */
  durationMinutes: number;
  /** The chosen treatments, for a salon with staff (only days someone who does them is free). */
  treatmentIds?: readonly number[];
  /** The chosen therapist (issue 32): only their free days; null or absent for any therapist. */
  staffId?: number | null;
  /** Today and the last bookable day, in the client's time zone (YYYY-MM-DD). */
  today: string;
  lastDate: string;
  selected: string;
  onSelect: (date: string) => void;
}

/**
 * The month view of the booking screens (issue 17), after the WAI-ARIA date picker grid: a table
 * with role="grid" of day buttons, one of which is in the tab order; arrows move by a day or a
 * week, Home and End to the week's ends, Page Up and Page Down by a month, Enter or Space choose.
 * Days without a free time for the chosen treatments are greyed and aria-disabled (still reached
 * by the arrows, so a screen reader says why); today is aria-current="date", the chosen day is
 * aria-selected. Choosing a day hands the date up, as typing it into the date field does.
 */
export function FreeDayCalendar({
  durationMinutes,
  treatmentIds = [],
  staffId = null,
  today,
  lastDate,
  selected,
  onSelect,
}: FreeDayCalendarProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const firstMonth = monthOf(today);
  const lastMonth = monthOf(lastDate);
  const inRange = (date: string) => date >= today && date <= lastDate;
  const [month, setMonth] = useState(() =>
    selected !== '' && inRange(selected) ? monthOf(selected) : firstMonth,
  );
  const [focused, setFocused] = useState('');
  const moveFocus = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const freeDays = useFreeDays(month, durationMinutes, treatmentIds, staffId);

  // A date typed into the date field shows its month (state adjusted while rendering, as React
  // advises for state that follows a prop, rather than in an effect).
  const [followedDate, setFollowedDate] = useState(selected);
  if (selected !== followedDate) {
    setFollowedDate(selected);
    if (selected !== '' && inRange(selected)) setMonth(monthOf(selected));
  }

  const stateOf = (date: string): DayState | undefined => {
    if (!inRange(date)) return 'unbookable';
    return freeDays.data?.month === month
      ? freeDays.data.days.find((day) => day.date === date)?.state
      : undefined;
  };
  // Without treatments (nothing to ask about) or when the server cannot say, every bookable day
  // can be chosen, as with the date field alone; the times list then has the last word.
  const knowsStates = durationMinutes > 0 && !freeDays.isError;
  const selectable = (date: string) =>
    inRange(date) && (!knowsStates ? true : stateOf(date) === 'free');

  const dates = weeksOfMonth(month)
    .flat()
    .filter((date): date is string => date !== null);
  const tabStop =
    [
      focused,
      selected,
      dates.find((date) => stateOf(date) === 'free'),
      today,
      dates.find(inRange),
    ].find((date) => date !== undefined && monthOf(date) === month && inRange(date)) ?? dates[0]!;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${tabStop}"]`)?.focus();
  });

  const showMonth = (next: string) => {
    setFocused('');
    setMonth(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const next = dateAfterKey(date, event.key);
    if (next === undefined) return;
    event.preventDefault();
    const target = clampDate(next, today, lastDate);
    setFocused(target);
    setMonth(monthOf(target));
    moveFocus.current = true;
  };

  const freeCount = dates.filter((date) => stateOf(date) === 'free').length;
  return (
    <div className="month-calendar">
      <div className="month-calendar__bar">
        <button
          type="button"
          className="month-calendar__step"
          disabled={month <= firstMonth}
          onClick={() => showMonth(addMonths(month, -1))}
        >
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Previous month</span>
        </button>
        <p id={titleId} className="month-calendar__title" aria-live="polite">
          {formatMonthHeading(month)}
        </p>
        <button
          type="button"
          className="month-calendar__step"
          disabled={month >= lastMonth}
          onClick={() => showMonth(addMonths(month, 1))}
        >
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">Following month</span>
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={titleId} className="month-calendar__grid">
        <thead>
          <tr>
            {weekdayNames.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOfMonth(month).map((week) => (
            <tr key={week.find((date) => date !== null)}>
              {week.map((date, index) => {
                if (date === null) return <td key={`pad-${index}`} role="gridcell" />;
                const state = stateOf(date);
                const canChoose = selectable(date);
                const chosen = date === selected;
                const words = !knowsStates
                  ? inRange(date)
                    ? ''
                    : `, ${stateWords.unbookable}`
                  : state
                    ? `, ${stateWords[state]}`
                    : '';
                return (
                  <td
                    key={date}
                    role="gridcell"
                    aria-selected={chosen}
                    aria-disabled={!canChoose || undefined}
                  >
                    <button
                      type="button"
                      data-date={date}
                      data-state={knowsStates ? (state ?? 'loading') : undefined}
                      className="month-calendar__day"
                      tabIndex={date === tabStop ? 0 : -1}
                      aria-disabled={!canChoose || undefined}
                      aria-current={date === today ? 'date' : undefined}
                      aria-label={`${formatLongDate(date)}${words}${chosen ? ', chosen' : ''}`}
                      onClick={() => {
                        setFocused(date);
                        if (canChoose) onSelect(date);
                      }}
                      onKeyDown={(event) => onKeyDown(event, date)}
                    >
                      {Number(date.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div role="status" className="month-calendar__status">
        {durationMinutes === 0 ? (
          <p className="booking-hint">Choose a treatment to see which days have free times.</p>
        ) : freeDays.isPending ? (
          <p className="booking-hint">Looking for free days…</p>
        ) : freeDays.isError ? (
          <p className="booking-error">
            We could not check which days are free ({freeDays.error.message}). You can still choose
            a day to see its times.
          </p>
        ) : freeCount === 0 ? (
          <p className="booking-notice">
            No free days in {formatMonthHeading(month)} for these treatments
            {month < lastMonth ? '. Please try the next month.' : '.'}
          </p>
        ) : (
          <p className="visually-hidden">
            {freeCount} {freeCount === 1 ? 'day' : 'days'} with free times in{' '}
            {formatMonthHeading(month)}
          </p>
        )}
      </div>
    </div>
  );
}
