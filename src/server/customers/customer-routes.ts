import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { customerExportFileName, type ErasedCustomer } from '../../common/customer-data.js';
import {
  addCustomerNoteSchema,
  customerIdParamsSchema,
  customerSearchQuerySchema,
  mergeCustomerSchema,
  type CustomerDetail,
  type CustomerSummary,
} from '../../common/customers.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import {
  addCustomerNote,
  findCustomers,
  getCustomerDetail,
  mergeCustomers,
  staffScopeOf,
} from './customer-service.js';
import { eraseCustomer, exportCustomer } from './customer-data.js';
import { customerExportCsv } from './customer-export-csv.js';

/**
 * The owner's customer records (/api/manage/customers, issue 33): search, one customer's page,
 * notes and merging. Behind the owner guard; every id is looked up with the signed-in owner's
 * client, so another client's customer answers 404. Staff may search, view and add notes
 * (owners/staff-permissions.ts), for the customers of their own bookings only (anyone else is a
 * 404); merging, exporting and erasing are the owner's.
 */
export const customerRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/customers', async (request): Promise<{ customers: CustomerSummary[] }> => {
    const { search } = parseRequest(customerSearchQuerySchema, request.query, 'search');
    return {
      customers: await findCustomers(
        deps.db,
        request.owner.clientCode,
        search,
        staffScopeOf(request.owner),
      ),
    };
  });

  app.get('/customers/:id', async (request): Promise<CustomerDetail> => {
    const { id } = parseRequest(customerIdParamsSchema, request.params, 'customer');
    return getCustomerDetail(deps.db, request.client, id, new Date(), staffScopeOf(request.owner));
  });

  app.post('/customers/:id/notes', async (request, reply): Promise<CustomerDetail> => {
    const { id } = parseRequest(customerIdParamsSchema, request.params, 'customer');
    const note = parseRequest(addCustomerNoteSchema, request.body ?? {}, 'note');
    const now = new Date();
    const noteId = await addCustomerNote(
      deps.db,
      request.owner.clientCode,
      id,
      note,
      request.owner.id,
      now,
      staffScopeOf(request.owner),
    );
    // The audit names the note, not its words: an allergy is health data.
    await recordAudit(deps, request.owner, 'customer.note', {
      customerId: id,
      noteId,
      kind: note.kind,
    });
    reply.code(201);
    return getCustomerDetail(deps.db, request.client, id, now, staffScopeOf(request.owner));
  });

  app.post('/customers/:id/merge', async (request): Promise<CustomerDetail> => {
    const { id } = parseRequest(customerIdParamsSchema, request.params, 'customer');
    const { otherId } = parseRequest(mergeCustomerSchema, request.body ?? {}, 'merge');
    const now = new Date();
    await mergeCustomers(deps.db, request.owner.clientCode, id, otherId, now);
    await recordAudit(deps, request.owner, 'customer.merge', { customerId: id, mergedId: otherId });
    return getCustomerDetail(deps.db, request.client, id, now);
  });

  // A data request (decision 0066), owner only (not on the staff allowlist). The export is a
  // download: its file name carries no name or e-mail.
  const exportAs = (format: 'json' | 'csv') =>
    async function exportCustomerData(request: FastifyRequest, reply: FastifyReply) {
      const { id } = parseRequest(customerIdParamsSchema, request.params, 'customer');
      const data = await exportCustomer(deps.db, request.client, id, new Date());
      await recordAudit(deps, request.owner, 'customer.export', { customerId: id, format });
      reply.header(
        'content-disposition',
        `attachment; filename="${customerExportFileName(id, format)}"`,
      );
      if (format === 'json') return reply.type('application/json; charset=utf-8').send(data);
      return reply
        .type('text/csv; charset=utf-8')
        .send(customerExportCsv(data, request.client.timeZone));
    };
  app.get('/customers/:id/export', exportAs('json'));
  app.get('/customers/:id/export.json', exportAs('json'));
  app.get('/customers/:id/export.csv', exportAs('csv'));

  app.post('/customers/:id/erase', async (request): Promise<ErasedCustomer> => {
    const { id } = parseRequest(customerIdParamsSchema, request.params, 'customer');
    // Counts and the id only: the audit line says nothing about who they were.
    return eraseCustomer(deps.db, request.owner.clientCode, id, (trx, erased) =>
      recordAudit({ db: trx }, request.owner, 'customer.erase', { ...erased }),
    );
  });
};
