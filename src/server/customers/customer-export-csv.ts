import type { CustomerExport } from '../../common/customer-data.js';
import { formatPounds } from '../../common/money.js';

/**
 * A customer's export as one flat CSV (decision 0066): a row per thing held, its kind in the
 * `record` column (customer, merged-record, note, booking, booking-treatment, order, order-line,
 * enquiry, email, review-request, audit), the same columns for every kind. UTF-8 with a byte
 * order mark (so Excel reads £ and accents), CRLF line ends, UK dates and times in the client's
 * zone, money in pounds. Pure: no database, no HTTP.
 */
export const customerCsvColumns = [
  'record',
  'reference',
  'date',
  'status',
  'name',
  'email',
  'telephone',
  'address',
  'amount',
  'details',
  'text',
] as const;
type Column = (typeof customerCsvColumns)[number];
type CsvRow = Partial<Record<Column, string | null | undefined>>;

const byteOrderMark = '\uFEFF';

/**
 * One cell: quoted when it holds a comma, quote or line break; a cell a spreadsheet would read
 * as a formula (=, +, -, @ first) is written with a leading apostrophe, so a name like
 * "=HYPERLINK(…)" stays text.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** 25/11/2026 14:05 in the client's zone, from an ISO instant; empty for none. */
export function ukDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** 25/11/2026 from a YYYY-MM-DD day. */
export function ukDay(day: string | null | undefined): string {
  if (!day) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

const pounds = (pence: number) => formatPounds(pence / 100);

export function customerExportCsv(data: CustomerExport, timeZone: string): string {
  const at = (iso: string | null | undefined) => ukDateTime(iso, timeZone);
  const rows: CsvRow[] = [];
  const consent = (r: CustomerExport['customer']) =>
    r.marketing
      ? `Marketing e-mails agreed ${at(r.consentAt)}${r.consentSource ? ` (${r.consentSource})` : ''}`
      : 'Marketing e-mails not agreed';
  for (const [record, r] of [
    ['customer', data.customer] as const,
    ...data.mergedRecords.map((m) => ['merged-record', m] as const),
  ]) {
    rows.push({
      record,
      reference: String(r.id),
      date: at(r.createdAt),
      name: r.name,
      email: r.email,
      telephone: r.telephone,
      details: `${consent(r)}; last seen ${at(r.lastActivityAt)}`,
    });
  }
  for (const note of data.notes) {
    rows.push({
      record: 'note',
      date: at(note.createdAt),
      status: note.kind,
      details: note.patchTestDate
        ? `Patch test on ${ukDay(note.patchTestDate)}: ${note.patchTestResult ?? ''}`
        : '',
      text: note.text,
    });
  }
  for (const b of data.bookings) {
    rows.push({
      record: 'booking',
      reference: b.reference,
      date: `${ukDay(b.date)} ${b.time}`,
      status: b.status,
      name: b.name,
      email: b.email,
      telephone: b.telephone,
      address: [b.doorNo, b.postCode].filter(Boolean).join(', '),
      amount: pounds(b.valuePence),
      details: [
        `Until ${b.endTime}`,
        `booked ${at(b.createdAt)} (${b.source})`,
        b.staff ? `with ${b.staff}` : '',
        b.marketing ? `marketing agreed ${at(b.consentAt)}` : '',
        b.cancelledAt ? `cancelled ${at(b.cancelledAt)}` : '',
        b.cancelReason ? `reason: ${b.cancelReason}` : '',
      ]
        .filter(Boolean)
        .join('; '),
      text: [b.internalNote, b.cancelMessage].filter(Boolean).join('\n'),
    });
    for (const t of b.treatments) {
      rows.push({
        record: 'booking-treatment',
        reference: b.reference,
        date: ukDay(b.date),
        amount: pounds(t.pricePence),
        details: `${t.name}, ${t.durationMinutes} min`,
      });
    }
  }
  for (const o of data.orders) {
    rows.push({
      record: 'order',
      reference: o.orderNumber,
      date: at(o.createdAt),
      status: o.status,
      name: o.name,
      email: o.email,
      telephone: o.telephone,
      address: o.address,
      amount: pounds(o.valuePence),
      details: o.statusNote,
      text: o.message,
    });
    for (const line of o.lines) {
      rows.push({
        record: 'order-line',
        reference: o.orderNumber,
        date: at(o.createdAt),
        amount: pounds(line.unitPricePence * line.quantity),
        details: `${line.quantity} × ${line.title} at ${pounds(line.unitPricePence)}`,
      });
    }
  }
  for (const e of data.enquiries) {
    rows.push({ record: 'enquiry', date: at(e.at), status: e.form, details: e.subject });
  }
  for (const m of data.emails) {
    rows.push({
      record: 'email',
      date: at(m.createdAt),
      status: m.status,
      email: m.to,
      details: `From ${m.from}${m.replyTo ? ` (reply to ${m.replyTo})` : ''} to ${m.to}: ${m.subject}`,
      text: m.text,
    });
  }
  for (const r of data.reviewRequests) {
    rows.push({
      record: 'review-request',
      date: at(r.createdAt),
      status: r.usedAt ? 'used' : 'sent',
      name: r.name,
      email: r.email,
    });
  }
  for (const a of data.audit) {
    rows.push({
      record: 'audit',
      date: at(a.at),
      status: a.action,
      details: JSON.stringify(a.detail),
    });
  }
  const lines = [
    customerCsvColumns.join(','),
    ...rows.map((row) => customerCsvColumns.map((column) => csvCell(row[column])).join(',')),
  ];
  return `${byteOrderMark}${lines.join('\r\n')}\r\n`;
}
