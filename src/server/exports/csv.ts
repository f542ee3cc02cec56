/**
 * CSV as Excel and LibreOffice open it without asking (docs/decisions/0068-...): UTF-8 with a
 * byte-order mark (Excel reads UTF-8 only with it), comma-separated, CRLF line ends, every field
 * that needs it quoted, UK dates (dd/mm/yyyy) and pounds with two decimals. A cell a spreadsheet
 * would take for a formula (= + - @, or a tab or carriage return first) gets a leading apostrophe,
 * so a customer's "=HYPERLINK(…)" stays text (OWASP's CSV injection advice).
 */

export const csvByteOrderMark = '\uFEFF';

/** A figure written by us (pounds, a count): written as it is, never taken for a formula. */
export interface CsvFigure {
  figure: string;
}

export type CsvCell = string | number | CsvFigure | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** One cell, quoted when it must be and kept from being read as a formula. */
export function formatCsvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'object') return value.figure;
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ended with CRLF as RFC 4180 says. */
export function formatCsvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(formatCsvCell).join(',')}\r\n`;
}

/** 2026-11-26 → 26/11/2026; anything else is left as it was. */
export function formatUkDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

/** 12345 → 123.45: pounds with two decimals and no symbol, so the spreadsheet sums it. */
export function formatPenceAsPounds(pence: number): CsvFigure {
  const sign = pence < 0 ? '-' : '';
  const whole = Math.abs(Math.round(pence));
  return { figure: `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}` };
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as the client's local date and time: "26/11/2026 09:05". */
export function formatUkDateTime(instant: string, timeZone: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  // Building a formatter costs about a millisecond; an export formats thousands of instants.
  let formatter = dateTimeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
