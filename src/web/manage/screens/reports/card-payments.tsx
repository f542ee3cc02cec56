import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { CardFigures } from '@common/reports';
import type { DateRange } from '@common/report-periods';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { money } from './bar-chart';
import { fetchSummary, summaryQueryKey } from './reports-api';

type Column = 'orders' | 'deposits' | 'total';

/** Each line of the table: its label and its figure per column (null: does not apply). */
const lines: Array<[string, (card: CardFigures) => Record<Column, number | null>]> = [
  [
    'Taken online',
    (card) => ({ orders: card.ordersPaid, deposits: card.depositsPaid, total: card.taken }),
  ],
  [
    'Refunded',
    (card) => ({
      orders: card.ordersRefunded,
      deposits: card.depositsRefunded,
      total: card.refunded,
    }),
  ],
  [
    'Deposits kept as fees',
    (card) => ({ orders: null, deposits: card.depositsKept, total: card.depositsKept }),
  ],
];

/**
 * The period's card money (issue 36) as a table: taken online, refunded and deposits kept, for
 * orders placed in the period and the deposits of bookings dated in it (decision 0083), and the
 * net. A client with only bookings or only orders sees only that column and the total.
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
  const columns: Array<[Column, string]> = [
    ...(orders ? [['orders', 'Orders'] as [Column, string]] : []),
    ...(deposits ? [['deposits', 'Deposits'] as [Column, string]] : []),
    ['total', 'Total'],
  ];
  const shown = (value: number | null) => (value === null ? '–' : money(value));
  return (
    <section className="reports__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Card payments</h2>
      {summary.isPending ? (
        <ScreenSkeleton />
      ) : summary.isError ? (
        <p role="alert">The card payments could not be loaded. Please try again.</p>
      ) : (
        <div className="report-chart__table">
          <table className="report-table">
            <caption>Card payments</caption>
            <thead>
              <tr>
                <td />
                {columns.map(([key, heading]) => (
                  <th key={key} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines
                .filter(([label]) => deposits || label !== 'Deposits kept as fees')
                .map(([label, figures]) => {
                  const row = figures(summary.data.card);
                  return (
                    <tr key={label}>
                      <th scope="row">{label}</th>
                      {columns.map(([key]) => (
                        <td key={key}>{shown(row[key])}</td>
                      ))}
                    </tr>
                  );
                })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Net</th>
                {columns.map(([key]) => (
                  <td key={key}>
                    {money(
                      key === 'orders'
                        ? summary.data.card.ordersPaid - summary.data.card.ordersRefunded
                        : key === 'deposits'
                          ? summary.data.card.depositsPaid - summary.data.card.depositsRefunded
                          : summary.data.card.net,
                    )}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
