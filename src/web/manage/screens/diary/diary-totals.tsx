import type { BookingStatus, DiaryDayTotals } from '@common/diary';
import { formatMinutes, pounds, statusLabels } from './booking-display';

const countedStatuses: BookingStatus[] = ['booked', 'completed', 'no-show', 'cancelled'];

/**
 * A day's totals (issue 32): bookings that stand, their hours and value, then how many have each
 * status (awaiting confirmation only when there are some).
 */
export function DayTotalsSummary({ totals }: { totals: DiaryDayTotals }) {
  const statuses: BookingStatus[] =
    totals.byStatus.pending > 0 ? [...countedStatuses, 'pending'] : countedStatuses;
  return (
    <div className="diary-totals">
      <p className="diary-totals__sum">
        <strong>
          {totals.bookings} {totals.bookings === 1 ? 'booking' : 'bookings'}
        </strong>{' '}
        · {formatMinutes(totals.bookedMinutes)} booked · {pounds.format(totals.valuePence / 100)}
      </p>
      <ul className="diary-totals__counts" aria-label="Bookings by status">
        {statuses.map((status) => (
          <li key={status}>
            <span className={`diary-dot diary-dot--${status}`} aria-hidden="true" />
            {statusLabels[status]}: {totals.byStatus[status]}
          </li>
        ))}
      </ul>
    </div>
  );
}
