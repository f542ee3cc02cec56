import type { Kysely } from 'kysely';
import type { PeriodQuery } from '../../common/exports.js';
import type { Database } from '../db/schema.js';
import { csvByteOrderMark, formatCsvRow, type CsvCell } from './csv.js';
import {
  pageOfBookings,
  pageOfCustomers,
  pageOfOrders,
  type BookingCursor,
  type BookingExportRow,
  type CustomerExportRow,
  type OrderExportRow,
} from './export-store.js';
import {
  bookingColumns,
  bookingLine,
  customerColumns,
  customerLine,
  instantsOfPeriod,
  orderColumns,
  orderLine,
} from './export-tables.js';

/**
 * A download as text chunks, one page of rows each: the byte-order mark and header first, then
 * each page as it is read. Read by a stream, the next page is asked for only when the last has
 * gone out, so memory holds one page whatever the download's size.
 */
async function* csvChunks<Row>(
  columns: string[],
  nextPage: (last: Row | undefined) => Promise<Row[]>,
  toLine: (row: Row) => CsvCell[],
): AsyncGenerator<string> {
  yield csvByteOrderMark + formatCsvRow(columns);
  let last: Row | undefined;
  for (;;) {
    const page = await nextPage(last);
    if (page.length === 0) return;
    yield page.map((row) => formatCsvRow(toLine(row))).join('');
    last = page.at(-1);
  }
}

interface ExportScope {
  db: Kysely<Database>;
  clientCode: string;
  timeZone: string;
}

export function bookingsCsv(scope: ExportScope, period: PeriodQuery): AsyncGenerator<string> {
  return csvChunks<BookingExportRow>(
    bookingColumns,
    (last) => {
      const cursor: BookingCursor | undefined = last && {
        date: last.booking_date,
        minute: last.start_minute,
        id: last.id,
      };
      return pageOfBookings(scope.db, scope.clientCode, period, cursor);
    },
    (row) => bookingLine(row, scope.timeZone),
  );
}

export function ordersCsv(scope: ExportScope, period: PeriodQuery): AsyncGenerator<string> {
  const instants = instantsOfPeriod(period, scope.timeZone);
  return csvChunks<OrderExportRow>(
    orderColumns,
    (last) => pageOfOrders(scope.db, scope.clientCode, instants, last?.id ?? 0),
    (row) => orderLine(row, scope.timeZone),
  );
}

export function customersCsv(scope: ExportScope): AsyncGenerator<string> {
  return csvChunks<CustomerExportRow>(
    customerColumns,
    (last) => pageOfCustomers(scope.db, scope.clientCode, last?.id ?? 0),
    (row) => customerLine(row, scope.timeZone),
  );
}
