import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { routeTable } from '@common/routes';
import type { BookingFigures, Dashboard, DashboardDay, ReportSummary } from '@common/reports';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { dashboardQueryKey, fetchDashboard } from './dashboard-api';

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const money = (pence: number) => pounds.format(pence / 100);
const dayName = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayOf = (isoDate: string) => dayName.format(new Date(`${isoDate}T12:00:00Z`));

function hoursText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

function WeekAhead({ days, today }: { days: DashboardDay[]; today: string }) {
  return (
    <ol className="dashboard__days" aria-label="Today and the next 7 days">
      {days.map((day) => (
        <li key={day.date} className="dashboard__day">
          <span className="dashboard__day-name">
            {day.date === today ? 'Today' : dayOf(day.date)}
          </span>
          <span>
            {day.bookings} {day.bookings === 1 ? 'booking' : 'bookings'}
          </span>
          {day.freeMinutes !== null && (
            <span className="dashboard__muted">{hoursText(day.freeMinutes)} free</span>
          )}
        </li>
      ))}
    </ol>
  );
}

interface Figure {
  label: string;
  current: number;
  previous: number;
  format: (value: number) => string;
}

/** A figure, what it was the period before, and the change in words (not colour alone). */
function FigureCard({ figure, previousName }: { figure: Figure; previousName: string }) {
  const change = figure.current - figure.previous;
  const changeText =
    change === 0 ? 'no change' : `${change > 0 ? 'up' : 'down'} ${figure.format(Math.abs(change))}`;
  return (
    <div className="dashboard__figure">
      <dt>{figure.label}</dt>
      <dd>
        <span className="dashboard__figure-value">{figure.format(figure.current)}</span>
        <span className="dashboard__muted">
          {previousName}: {figure.format(figure.previous)} ({changeText})
        </span>
      </dd>
    </div>
  );
}

const count = (value: number) => String(value);

function periodFigures(
  current: ReportSummary,
  previous: ReportSummary,
  board: Dashboard,
): Figure[] {
  const figures: Figure[] = [];
  const pair = (label: string, key: keyof ReportSummary, format: Figure['format']) =>
    figures.push({
      label,
      current: current[key] as number,
      previous: previous[key] as number,
      format,
    });
  if (board.usesBookings) {
    pair('Bookings', 'bookings', count);
    pair('Booked value', 'bookedValue', money);
    pair('Completed value', 'completedValue', money);
    pair('No-shows', 'noShows', count);
    pair('Late cancellations', 'lateCancellations', count);
  }
  if (board.usesOrders) {
    pair('Orders', 'orders', count);
    pair('Order value', 'orderValue', money);
    pair('Average order', 'averageOrder', money);
  }
  // Issue 36: what card payments left after refunds (deposits and orders alike).
  if (current.card.taken > 0 || previous.card.taken > 0) {
    figures.push({
      label: 'Card payments, net',
      current: current.card.net,
      previous: previous.card.net,
      format: money,
    });
  }
  return figures;
}

function Period({
  title,
  previousName,
  period,
  board,
}: {
  title: string;
  previousName: string;
  period: Dashboard['week'];
  board: Dashboard;
}) {
  return (
    <section className="dashboard__period" aria-labelledby={`dashboard-${previousName}`}>
      <h2 id={`dashboard-${previousName}`}>
        {title}{' '}
        <span className="dashboard__muted">
          {dayOf(period.current.from)} – {dayOf(period.current.to)}
        </span>
      </h2>
      <dl className="dashboard__figures">
        {periodFigures(period.current, period.previous, board).map((figure) => (
          <FigureCard key={figure.label} figure={figure} previousName={previousName} />
        ))}
      </dl>
    </section>
  );
}

const therapistColumns: Array<[keyof BookingFigures, string, (value: number) => string]> = [
  ['bookings', 'Bookings', count],
  ['bookedValue', 'Booked value', money],
  ['completedValue', 'Completed value', money],
  ['noShows', 'No-shows', count],
  ['lateCancellations', 'Late cancellations', count],
];

function TherapistTable({
  board,
  period,
  caption,
  previousName,
}: {
  board: Dashboard;
  period: 'week' | 'month';
  caption: string;
  previousName: string;
}) {
  return (
    <div className="dashboard__table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="dashboard__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Therapist</th>
            {therapistColumns.map(([key, label]) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {board.therapists.map((therapist) => (
            <tr key={therapist.id ?? 'none'}>
              <th scope="row">{therapist.name}</th>
              {therapistColumns.map(([key, , format]) => (
                <td key={key}>
                  {format(therapist[period].current[key])}
                  <span className="dashboard__muted dashboard__was">
                    {previousName}: {format(therapist[period].previous[key])}
                  </span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The owner's first screen (issue 34): today and the week ahead, then this week and this month
 * against the ones before, and each therapist's share. Owner only: staff never load it.
 */
export default function DashboardPanel() {
  const board = useQuery({
    queryKey: dashboardQueryKey,
    queryFn: fetchDashboard,
    staleTime: 60_000,
  });
  if (board.isPending) return <ScreenSkeleton />;
  if (board.isError) return <p role="alert">The figures could not be loaded. Please try again.</p>;
  const data = board.data;
  // A brochure site takes no bookings or orders: nothing to count, the home stays as it was.
  if (!data.usesBookings && !data.usesOrders) return null;
  return (
    <div className="dashboard">
      <section aria-labelledby="dashboard-ahead">
        <h2 id="dashboard-ahead">At a glance</h2>
        {data.usesBookings && <WeekAhead days={data.days} today={data.date} />}
        {data.usesOrders && (
          <p className="dashboard__waiting">
            <Link to={`${routeTable.manage}/orders`}>
              {data.ordersWaiting} {data.ordersWaiting === 1 ? 'order' : 'orders'} waiting
            </Link>
          </p>
        )}
      </section>
      <Period title="This week" previousName="last week" period={data.week} board={data} />
      <Period title="This month" previousName="last month" period={data.month} board={data} />
      {data.therapists.length > 0 && (
        <section aria-labelledby="dashboard-therapists">
          <h2 id="dashboard-therapists">Per therapist</h2>
          <TherapistTable board={data} period="week" caption="This week" previousName="last week" />
          <TherapistTable
            board={data}
            period="month"
            caption="This month"
            previousName="last month"
          />
        </section>
      )}
      <p>
        <Link to={`${routeTable.manage}/reports`}>Reports with charts, for any period</Link>
      </p>
    </div>
  );
}
