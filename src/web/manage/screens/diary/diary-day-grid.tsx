import type { CSSProperties } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useSearchParamsNow } from '@/lib/use-search-params-now';
import type { DiaryBooking, DiaryStaff } from '@common/diary';
import { referenceOf, statusLabels } from './booking-display';
import {
  clockOf,
  diaryColumns,
  gridSpan,
  minuteOf,
  placeInLanes,
  type GridColumn,
} from './diary-grid-layout';

type GridItem = {
  id: number;
  startMinute: number;
  endMinute: number;
  staffId: number | null;
  booking: DiaryBooking;
};

const columnNames = { all: 'Bookings', unassigned: 'No therapist' };

/** The URL's name for a column (?staff=…): the therapist's id, or "none". */
const keyOf = (column: GridColumn<GridItem>) =>
  column.staffId === null ? 'none' : String(column.staffId);

/** Choosing a therapist adds no history entry: Back goes to the page before, not the last one shown. */
const replaceTheEntry = { replace: true };

/**
 * A day as a time grid (issue 32): a column per therapist (one for a client without staff), each
 * booking placed by its time, side by side where they overlap, in its status's colour. On a wide
 * screen every column shows; on a phone one at a time, chosen by the switcher above (kept in the
 * address as ?staff=, so Back and a reload keep it; at first the first with bookings). Each column is a list in time order for a
 * screen reader; the hour marks are drawing only.
 */
export function DiaryDayGrid({
  bookings,
  staff,
}: {
  bookings: readonly DiaryBooking[];
  staff: readonly DiaryStaff[];
}) {
  const [params, changeParams] = useSearchParamsNow(replaceTheEntry);
  const idPrefix = useId();
  const items: GridItem[] = bookings
    .filter((b) => b.status !== 'cancelled')
    .map((b) => {
      const startMinute = minuteOf(b.start);
      return {
        id: b.id,
        startMinute,
        endMinute: startMinute + b.totalDuration,
        staffId: b.staff?.id ?? null,
        booking: b,
      };
    });
  const columns = diaryColumns(staff, items, columnNames);
  // Unless one was chosen, a phone opens on the first therapist with bookings that day.
  const chosen =
    columns.find((c) => keyOf(c) === params.get('staff')) ??
    columns.find((c) => c.bookings.length > 0) ??
    columns[0]!;
  const span = gridSpan(items);
  const hours: number[] = [];
  for (let m = span.startMinute; m <= span.endMinute; m += 60) hours.push(m);
  const gridStyle = { '--diary-minutes': span.endMinute - span.startMinute } as CSSProperties;
  const at = (minute: number) => `calc(var(--diary-minute) * ${minute - span.startMinute})`;
  return (
    <>
      {columns.length > 1 && (
        <div className="diary-switcher" role="group" aria-label="Therapist">
          {columns.map((column) => (
            <button
              key={keyOf(column)}
              type="button"
              aria-pressed={column === chosen}
              onClick={() =>
                changeParams((now) => {
                  const next = new URLSearchParams(now);
                  next.set('staff', keyOf(column));
                  return next;
                })
              }
            >
              {column.name}{' '}
              <span className="diary-switcher__count">({column.bookings.length})</span>
            </button>
          ))}
        </div>
      )}
      <div className="diary-grid" style={gridStyle}>
        <div className="diary-grid__times" aria-hidden="true">
          <div className="diary-grid__body">
            {hours.map((minute) => (
              <span key={minute} style={{ top: at(minute) }}>
                {clockOf(minute)}
              </span>
            ))}
          </div>
        </div>
        {columns.map((column) => {
          const headingId = `${idPrefix}-${keyOf(column)}`;
          return (
            <section
              key={keyOf(column)}
              aria-labelledby={headingId}
              className={`diary-grid__column${column === chosen ? ' diary-grid__column--chosen' : ''}`}
              data-testid={`diary-column-${keyOf(column)}`}
            >
              <h3 id={headingId}>{column.name}</h3>
              {column.bookings.length === 0 && <p className="visually-hidden">No bookings.</p>}
              <ol className="diary-grid__body">
                {placeInLanes(column.bookings).map(({ booking: item, lane, lanes }) => {
                  const b = item.booking;
                  return (
                    <li
                      key={b.id}
                      className={`diary-block diary-block--${b.status}`}
                      style={{
                        top: at(item.startMinute),
                        height: `calc(var(--diary-minute) * ${item.endMinute - item.startMinute})`,
                        left: `${(lane / lanes) * 100}%`,
                        width: `${100 / lanes}%`,
                      }}
                    >
                      <Link to={`?booking=${b.id}`}>
                        <span className="diary-block__lines">
                          <strong>
                            {b.start}–{b.end} {b.customer.name}
                          </strong>{' '}
                          <span className="diary-reference">{referenceOf(b)}</span>{' '}
                          <span>{b.treatments.map((t) => t.name).join(', ')}</span>{' '}
                          <span className="diary-block__status">{statusLabels[b.status]}</span>
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ol>
            </section>
          );
        })}
      </div>
    </>
  );
}
