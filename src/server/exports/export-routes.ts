import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { periodQuerySchema, type PeriodQuery } from '../../common/exports.js';
import {
  bookingReportQuerySchema,
  cardPaymentsTable,
  orderReportQuerySchema,
  reportExportKindSchema,
  reportRangeSchema,
} from '../../common/reports.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import { bookingReport, orderReport, reportSummary } from '../reports/reports-service.js';
import { csvByteOrderMark, formatCsvRow } from './csv.js';
import { bookingsCsv, customersCsv, ordersCsv } from './export-service.js';
import { cardPaymentLines, exportFileName, reportLines } from './export-tables.js';

/**
 * The owner's downloads (issue 34, owners only): GET /api/manage/export/bookings.csv?from&to
 * (by appointment day), orders.csv?from&to (by the day placed) and customers.csv (every live
 * record), and report.csv?report=bookings|orders&by&from&to (a report's table, as the Reports
 * screen shows it) or ?report=payments&from&to (the card payments' table, decision 0083). Streamed a page at a time; each download is an audit line, as it carries customers'
 * personal data out of the site.
 */
export const manageExportRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const send = (
    reply: FastifyReply,
    fileName: string,
    chunks: AsyncGenerator<string>,
  ): FastifyReply =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(Readable.from(chunks, { objectMode: false }));

  const scopeOf = (clientCode: string, timeZone: string) => ({
    db: deps.db,
    clientCode,
    timeZone,
  });

  const withPeriod = (
    name: 'bookings' | 'orders',
    make: (scope: ReturnType<typeof scopeOf>, period: PeriodQuery) => AsyncGenerator<string>,
  ) =>
    app.get(`/export/${name}.csv`, async (request, reply) => {
      const period = parseRequest(periodQuerySchema, request.query ?? {}, 'period');
      const { owner, client } = request;
      await recordAudit(deps, owner, `export.${name}`, period);
      return send(
        reply,
        exportFileName(client.name, name, period),
        make(scopeOf(client.name, client.timeZone), period),
      );
    });
  withPeriod('bookings', bookingsCsv);
  withPeriod('orders', ordersCsv);

  app.get('/export/customers.csv', async (request, reply) => {
    const { owner, client } = request;
    await recordAudit(deps, owner, 'export.customers');
    return send(
      reply,
      exportFileName(client.name, 'customers', undefined),
      customersCsv(scopeOf(client.name, client.timeZone)),
    );
  });

  // A report's table is at most a year of days: built whole by the same service as the JSON report.
  app.get('/export/report.csv', async (request, reply) => {
    const query = request.query ?? {};
    const { report: kind } = parseRequest(reportExportKindSchema, query, 'query');
    const { owner, client } = request;
    const context = { db: deps.db, client, now: new Date() };
    if (kind === 'payments') {
      // The card payments' table (issue 36): the summary's card money, columns as on the screen.
      const range = parseRequest(reportRangeSchema, query, 'query');
      const { card } = await reportSummary(context, range);
      await recordAudit(deps, owner, 'export.report', { report: kind, ...range });
      const table = cardPaymentsTable(card, {
        orders: client.usesCart,
        deposits: client.booking !== undefined,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(client.name, 'card-payments', range)}"`,
        )
        .header('cache-control', 'private, no-store')
        .send(csvByteOrderMark + cardPaymentLines(table).map(formatCsvRow).join(''));
    }
    const report =
      kind === 'bookings'
        ? await bookingReport(context, parseRequest(bookingReportQuerySchema, query, 'query'))
        : await orderReport(context, parseRequest(orderReportQuerySchema, query, 'query'));
    await recordAudit(deps, owner, 'export.report', {
      report: kind,
      by: report.by,
      from: report.from,
      to: report.to,
    });
    const body = csvByteOrderMark + reportLines(report).map(formatCsvRow).join('');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${exportFileName(client.name, `${kind}-by-${report.by}`, report)}"`,
      )
      .header('cache-control', 'private, no-store')
      .send(body);
  });
};
