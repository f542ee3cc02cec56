import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { periodQuerySchema, type PeriodQuery } from '../../common/exports.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import { bookingsCsv, customersCsv, ordersCsv } from './export-service.js';
import { exportFileName } from './export-tables.js';

/**
 * The owner's downloads (issue 34, owners only): GET /api/manage/export/bookings.csv?from&to
 * (by appointment day), orders.csv?from&to (by the day placed) and customers.csv (every live
 * record). Streamed a page at a time; each download is an audit line, as it carries customers'
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
};
