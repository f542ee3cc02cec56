import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, formatLongDate, isRealDate, todayInTimeZone } from '@common/booking';
import { PageHeading } from '@/components/page-heading';
import { useClient } from '@/lib/client-context';
import { EmptyState } from '@/manage/shared/empty-state';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { exportLink, fetchVisits, visitsQueryKey } from './visits-api';

const views = new Intl.NumberFormat('en-GB');

/**
 * /manage/visits (issue 34): page views per day and the most viewed pages for a period (the
 * last 30 days unless `?from=&to=` say otherwise), counted without cookies; and the CSV
 * downloads of the same period. Owner-only.
 */
export default function VisitsPage() {
  const client = useClient();
  const [params, setParams] = useSearchParams();
  const today = todayInTimeZone(client.timeZone);
  const asked = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const valid = isRealDate(asked.from) && isRealDate(asked.to) && asked.from <= asked.to;
  const period = valid ? asked : { from: addDays(today, -29), to: today };
  const visits = useQuery({
    queryKey: visitsQueryKey(period.from, period.to),
    queryFn: () => fetchVisits(period.from, period.to),
  });

  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setParams({ from: String(data.get('from')), to: String(data.get('to')) });
  };

  return (
    <section className="manage__screen visits">
      <PageHeading title="Visits and downloads">Visits and downloads</PageHeading>
      <form className="card visits__period" aria-label="Period" onSubmit={choose}>
        <div className="form-field">
          <label htmlFor="visits-from">From</label>
          <input id="visits-from" name="from" type="date" defaultValue={period.from} required />
        </div>
        <div className="form-field">
          <label htmlFor="visits-to">To</label>
          <input id="visits-to" name="to" type="date" defaultValue={period.to} required />
        </div>
        <button type="submit" className="button">
          Show
        </button>
      </form>

      <h2>Visits</h2>
      <p>
        Pages people looked at on your site, counted without cookies or anything that identifies
        them; search engines and other robots are left out.
      </p>
      {visits.isPending && <ScreenSkeleton />}
      {visits.isError && <p role="alert">The visits could not be loaded. Please try again.</p>}
      {visits.data?.total === 0 && (
        <EmptyState title="No visits in this period">
          Each page a visitor opens is counted here, a few minutes after.
        </EmptyState>
      )}
      {visits.data && visits.data.total > 0 && (
        <>
          <p className="visits__total">
            {views.format(visits.data.total)} page views from {formatLongDate(period.from)} to{' '}
            {formatLongDate(period.to)}.
          </p>
          <div className="visits__tables">
            <table className="card visits__table">
              <caption>Most viewed pages</caption>
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col">Views</th>
                </tr>
              </thead>
              <tbody>
                {visits.data.topPages.map((page) => (
                  <tr key={page.path}>
                    <th scope="row">{page.path}</th>
                    <td>{views.format(page.views)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="card visits__table">
              <caption>Views per day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Views</th>
                </tr>
              </thead>
              <tbody>
                {visits.data.days
                  .filter((day) => day.views > 0)
                  .reverse()
                  .map((day) => (
                    <tr key={day.day}>
                      <th scope="row">{formatLongDate(day.day)}</th>
                      <td>{views.format(day.views)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <h2>Downloads</h2>
      <p>
        Spreadsheet files (CSV) that open in Excel, Numbers or LibreOffice. They hold your
        customers’ details: keep them safe, and delete them when you are done.
      </p>
      <ul className="visits__downloads">
        {client.booking && (
          <li>
            <a href={exportLink('bookings', period)} download>
              Bookings in this period (CSV)
            </a>
          </li>
        )}
        {client.usesCart && (
          <li>
            <a href={exportLink('orders', period)} download>
              Orders in this period (CSV)
            </a>
          </li>
        )}
        <li>
          <a href={exportLink('customers')} download>
            All customers (CSV)
          </a>
        </li>
      </ul>
    </section>
  );
}
