import { useId, useState } from 'react';
import type { Report } from '@common/reports';

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
export const money = (pence: number) => pounds.format(pence / 100);

/**
 * A report as horizontal bars drawn in the theme's primary colour (reports.css), with its numbers
 * as a table: a screen reader always reads the table (the bars are hidden from it), "Show as
 * table" shows the same table to everyone in place of the bars, and "Download CSV" saves it
 * (GET /api/manage/export/report.csv). Bars across rather than up, so
 * a month of days and long treatment names still read at 390 px.
 */
export function BarChart({
  report,
  caption,
  measure,
  labelHeading,
  csvLink,
}: {
  report: Report;
  /** Where the same table downloads as CSV. */
  csvLink: string;
  caption: string;
  /** What the bars' length shows: how many, or their value. */
  measure: 'count' | 'value';
  labelHeading: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const largest = Math.max(1, ...report.rows.map((row) => row[measure]));
  const table = (
    <table id={tableId} className="report-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeading}</th>
          <th scope="col">{report.countLabel}</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {report.rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{row.count}</td>
            <td>{money(row.value)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>{report.total.count}</td>
          <td>{money(report.total.value)}</td>
        </tr>
      </tfoot>
    </table>
  );
  if (report.rows.length === 0) return <p>Nothing in this period.</p>;
  return (
    <div className="report-chart">
      <div className="report-chart__actions">
        <button
          type="button"
          className="button button--secondary report-chart__toggle"
          aria-pressed={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable(!asTable)}
        >
          Show as table
        </button>
        <a className="button button--secondary" href={csvLink} download>
          Download CSV<span className="visually-hidden"> of {caption}</span>
        </a>
      </div>
      {!asTable && (
        <ol className="report-chart__bars" aria-hidden="true">
          {report.rows.map((row) => (
            <li key={row.key} className="report-chart__row">
              <span className="report-chart__label">{row.label}</span>
              <span className="report-chart__track">
                <span
                  className="report-chart__bar"
                  style={{ inlineSize: `${(row[measure] / largest) * 100}%` }}
                />
              </span>
              <span className="report-chart__figure">
                {measure === 'count'
                  ? `${row.count} · ${money(row.value)}`
                  : `${money(row.value)} · ${row.count}`}
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className={asTable ? 'report-chart__table' : 'visually-hidden'}>{table}</div>
    </div>
  );
}
