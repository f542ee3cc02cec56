import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { DateRange } from '@common/report-periods';
import { cardPaymentsTable } from '@common/reports';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { money } from './bar-chart';
import { cardPaymentsCsvLink, fetchSummary, summaryQueryKey } from './reports-api';

/**
 * The period's card money (issue 36) as a table: taken online, refunded and deposits kept, for
 * orders placed in the period and the deposits of bookings dated in it (decision 0083), and the
 * net; the same table downloads as CSV. A client with only bookings or only orders sees only that
 * column and the total.
 */
export function CardPayments({
  range,
  orders,
  deposits,
}: {
  range: DateRange;
  orders: boolean;
  deposits: boolean;
}) {
  const headingId = useId();
  const summary = useQuery({
    queryKey: summaryQueryKey(range.from, range.to),
    queryFn: () => fetchSummary(range),
  });
  const shown = (value: number | null) => (value === null ? '–' : money(value));
  const table = summary.data && cardPaymentsTable(summary.data.card, { orders, deposits });
  return (
    <section className="reports__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Card payments</h2>
      {summary.isPending ? (
        <ScreenSkeleton />
      ) : !table ? (
        <p role="alert">The card payments could not be loaded. Please try again.</p>
      ) : (
        <div className="report-chart">
          <div className="report-chart__actions">
            <a className="button button--secondary" href={cardPaymentsCsvLink(range)} download>
              Download CSV<span className="visually-hidden"> of Card payments</span>
            </a>
          </div>
          <div className="report-chart__table">
            <table className="report-table">
              <caption>Card payments</caption>
              <thead>
                <tr>
                  <td />
                  {table.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.lines.map((line) => (
                  <tr key={line.label}>
                    <th scope="row">{line.label}</th>
                    {line.values.map((value, i) => (
                      <td key={table.columns[i]}>{shown(value)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{table.net.label}</th>
                  {table.net.values.map((value, i) => (
                    <td key={table.columns[i]}>{money(value)}</td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
