import type { FastifyPluginAsync } from 'fastify';
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
} from './customer-service.js';

/**
 * The owner's customer records (/api/manage/customers, issue 33): search, one customer's page,
 * notes and merging. Behind the owner guard; every id is looked up with the signed-in owner's
 * client, so another client's customer answers 404. Staff may search, view and add notes
 * (owners/staff-permissions.ts); merging is the owner's.
 */
export const customerRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/customers', async (request): Promise<{ customers: CustomerSummary[] }> => {
    const { search } = parseRequest(customerSearchQuerySchema, request.query, 'search');
    return { customers: await findCustomers(deps.db, request.owner.clientCode, search) };
  });

  app.get('/customers/:id', async (request): Promise<CustomerDetail> => {
    const { id } = parseRequest(customerIdParamsSchema, request.params, 'customer');
    return getCustomerDetail(deps.db, request.client, id, new Date());
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
    );
    // The audit names the note, not its words: an allergy is health data.
    await recordAudit(deps, request.owner, 'customer.note', {
      customerId: id,
      noteId,
      kind: note.kind,
    });
    reply.code(201);
    return getCustomerDetail(deps.db, request.client, id, now);
  });

  app.post('/customers/:id/merge', async (request): Promise<CustomerDetail> => {
    const { id } = parseRequest(customerIdParamsSchema, request.params, 'customer');
    const { otherId } = parseRequest(mergeCustomerSchema, request.body ?? {}, 'merge');
    const now = new Date();
    await mergeCustomers(deps.db, request.owner.clientCode, id, otherId, now);
    await recordAudit(deps, request.owner, 'customer.merge', { customerId: id, mergedId: otherId });
    return getCustomerDetail(deps.db, request.client, id, now);
  });
};
