import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, todayInTimeZone } from '@common/booking';
import { comparedPeriods, monthOf, type DateRange } from '@common/report-periods';
import {
  reportRangeSchema,
  type BookingReportGrouping,
  type OrderReportGrouping,
} from '@common/reports';
import * as z from 'zod/mini';
import { PageHeading } from '@/components/page-heading';
import { useClient } from '@/lib/client-context';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { BarChart } from './bar-chart';
import { CardPayments } from './card-payments';
import { fetchReport, reportCsvLink, reportQueryKey } from './reports-api';

type DateGrouping = 'day' | 'week' | 'month';
const dateGroupings: Array<[DateGrouping, string]> = [
  ['day', 'Per day'],
  ['week', 'Per week'],
  ['month', 'Per month'],
];

function presetsOf(today: string): Array<[string, DateRange]> {
  const periods = comparedPeriods(today);
  const yearAgo = monthOf(addDays(periods.month.current.from, -330)).from;
  return [
    ['This week', periods.week.current],
    ['Last week', periods.week.previous],
    ['This month', periods.month.current],
    ['Last month', periods.month.previous],
    ['Last 12 months', { from: yearAgo, to: periods.month.current.to }],
  ];
}

/** The period picker: two dates, checked with the server's own schema, and a few presets. */
function PeriodPicker({
  range,
  today,
  onChange,
}: {
  range: DateRange;
  today: string;
  onChange: (range: DateRange) => void;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  const fromId = useId();
  const toId = useId();
  const show = (event: FormEvent) => {
    event.preventDefault();
    const parsed = z.safeParse(reportRangeSchema, { from, to });
    if (!parsed.success) {
      const found: Partial<Record<'from' | 'to', string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'from' ? 'from' : 'to';
        found[field] ??= `${field === 'from' ? 'From' : 'To'}: ${issue.message}`;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onChange(parsed.data);
  };
  const choose = (preset: DateRange) => {
    setFrom(preset.from);
    setTo(preset.to);
    setErrors({});
    onChange(preset);
  };
  const field = (
    id: string,
    label: string,
    value: string,
    set: (v: string) => void,
    error?: string,
  ) => (
    <label htmlFor={id}>
      {label}
      <input
        id={id}
        type="date"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className="form-field__error">
          {error}
        </span>
      )}
    </label>
  );
  return (
    <>
      <form className="reports__period" onSubmit={show} aria-label="Period" noValidate>
        {field(fromId, 'From', from, setFrom, errors.from)}
        {field(toId, 'To', to, setTo, errors.to)}
        <button type="submit" className="button button--primary">
          Show
        </button>
      </form>
      <div className="reports__presets" role="group" aria-label="Quick periods">
        {presetsOf(today).map(([label, preset]) => (
          <button key={label} type="button" className="button" onClick={() => choose(preset)}>
            {label}
          </button>
        ))}
      </div>
    </>
  );
}

function ReportSection({
  title,
  kind,
  range,
  by,
  measure,
  labelHeading,
  children,
}: {
  title: string;
  kind: 'bookings' | 'orders';
  range: DateRange;
  by: BookingReportGrouping | OrderReportGrouping;
  measure: 'count' | 'value';
  labelHeading: string;
  children?: React.ReactNode;
}) {
  const headingId = useId();
  const report = useQuery({
    queryKey: reportQueryKey(kind, range.from, range.to, by),
    queryFn: () => fetchReport(kind, range, by),
  });
  return (
    <section className="reports__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
      {report.isPending ? (
        <ScreenSkeleton />
      ) : report.isError ? (
        <p role="alert">This report could not be loaded. Please try again.</p>
      ) : (
        <BarChart
          report={report.data}
          caption={title}
          measure={measure}
          labelHeading={labelHeading}
          csvLink={reportCsvLink(kind, range, by)}
        />
      )}
    </section>
  );
}

/**
 * /manage/reports (issue 34): the owner chooses a period (kept in the address as ?from&to) and
 * sees the card money taken, refunded and kept (issue 36), bookings and their value over time, by
 * treatment, by therapist and by hour, and orders per week and the products sold most; each chart
 * with its table.
 */
export default function ReportsPage() {
  const client = useClient();
  const today = todayInTimeZone(client.timeZone);
  const [params, setParams] = useSearchParams();
  const asked = z.safeParse(reportRangeSchema, {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  });
  const range: DateRange = asked.success ? asked.data : monthOf(today);
  const grouping = (dateGroupings.find(([by]) => by === params.get('by'))?.[0] ??
    'day') as DateGrouping;
  const groupingId = useId();
  const update = (next: Partial<DateRange & { by: DateGrouping }>) => {
    const merged = { ...range, by: grouping, ...next };
    setParams({ from: merged.from, to: merged.to, by: merged.by }, { replace: true });
  };
  const books = client.booking !== undefined;
  return (
    <section className="manage__screen">
      <PageHeading title="Reports">Reports</PageHeading>
      <PeriodPicker
        key={`${range.from}${range.to}`}
        range={range}
        today={today}
        onChange={update}
      />
      {(books || client.usesCart) && (
        <CardPayments range={range} orders={client.usesCart} deposits={books} />
      )}
      {books && (
        <>
          <ReportSection
            title="Bookings and their value"
            kind="bookings"
            range={range}
            by={grouping}
            measure="count"
            labelHeading={grouping === 'day' ? 'Day' : grouping === 'week' ? 'Week' : 'Month'}
          >
            <label htmlFor={groupingId} className="reports__grouping">
              Show{' '}
              <select
                id={groupingId}
                value={grouping}
                onChange={(event) => update({ by: event.target.value as DateGrouping })}
              >
                {dateGroupings.map(([by, label]) => (
                  <option key={by} value={by}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </ReportSection>
          <ReportSection
            title="By treatment"
            kind="bookings"
            range={range}
            by="treatment"
            measure="value"
            labelHeading="Treatment"
          />
          <ReportSection
            title="By therapist"
            kind="bookings"
            range={range}
            by="therapist"
            measure="value"
            labelHeading="Therapist"
          />
          <ReportSection
            title="Busiest hours"
            kind="bookings"
            range={range}
            by="hour"
            measure="count"
            labelHeading="Starting at"
          />
        </>
      )}
      {client.usesCart && (
        <>
          <ReportSection
            title="Orders per week"
            kind="orders"
            range={range}
            by="week"
            measure="value"
            labelHeading="Week"
          />
          <ReportSection
            title="Top products"
            kind="orders"
            range={range}
            by="product"
            measure="value"
            labelHeading="Product"
          />
        </>
      )}
      {!books && !client.usesCart && (
        <p>This site takes no bookings or orders, so there is nothing to report yet.</p>
      )}
    </section>
  );
}
