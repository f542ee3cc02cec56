import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  reviewEditSchema,
  reviewFieldsSchema,
  reviewOrderSchema,
  reviewReplySchema,
  reviewStatusChangeSchema,
  type ManagedReview,
} from '../../common/reviews.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import {
  findReviewRow,
  insertReview,
  listAllReviewRows,
  managedReviewOf,
  setReviewOrder,
  updateReview,
} from './reviews-store.js';

const idParams = z.object({
  id: z.coerce.number('a review id is a number').int().positive('a review id is a number'),
});
const changedMessage =
  'Someone else changed this review while you were working on it. Reload it to see their change, then try again.';

/**
 * The owner's reviews (/api/manage/reviews, docs/decisions/0064-reviews-the-owner-runs.md): list
 * every review with its status, add one (published), edit with a version check, publish (approve
 * a customer's) or hide, reorder, and reply in public. Owner-only (staff are denied by default);
 * every id is looked up with the session's client; every change is audited and refreshes the
 * client's cached and prerendered pages.
 */
export const manageReviewsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps;

  const view = async (clientCode: string, id: number): Promise<ManagedReview> => {
    const row = await findReviewRow(db, clientCode, id);
    if (!row) throw new AppError(404, `There is no review ${id} on your site.`);
    return managedReviewOf(row);
  };
  const changed = (clientCode: string) => deps.changes.clientChanged(clientCode);

  app.get('/reviews', async (request): Promise<{ reviews: ManagedReview[] }> => {
    const rows = await listAllReviewRows(db, request.owner.clientCode);
    return { reviews: rows.map(managedReviewOf) };
  });

  // The owner adds a review they were given (a card, an e-mail): it is theirs to publish at once.
  app.post('/reviews', async (request, reply): Promise<ManagedReview> => {
    const fields = parseRequest(reviewFieldsSchema, request.body ?? {}, 'review');
    const { clientCode } = request.owner;
    const id = await insertReview(
      db,
      clientCode,
      { ...fields, status: 'published', source: 'owner' },
      new Date(),
    );
    await recordAudit(deps, request.owner, 'review.add', { id, reviewer: fields.reviewer });
    changed(clientCode);
    reply.code(201);
    return view(clientCode, id);
  });

  app.put('/reviews/:id', async (request): Promise<ManagedReview> => {
    const { id } = parseRequest(idParams, request.params, 'review id');
    const edit = parseRequest(reviewEditSchema, request.body ?? {}, 'review');
    const { clientCode } = request.owner;
    await view(clientCode, id);
    const fields = { reviewer: edit.reviewer, stars: edit.stars, review: edit.review };
    if (!(await updateReview(db, clientCode, id, edit.version, fields))) {
      throw new AppError(409, changedMessage);
    }
    await recordAudit(deps, request.owner, 'review.edit', { id, reviewer: edit.reviewer });
    changed(clientCode);
    return view(clientCode, id);
  });

  app.post('/reviews/:id/status', async (request): Promise<ManagedReview> => {
    const { id } = parseRequest(idParams, request.params, 'review id');
    const { status, version } = parseRequest(
      reviewStatusChangeSchema,
      request.body ?? {},
      'status',
    );
    const { clientCode } = request.owner;
    await view(clientCode, id);
    if (!(await updateReview(db, clientCode, id, version, { status }))) {
      throw new AppError(409, changedMessage);
    }
    await recordAudit(
      deps,
      request.owner,
      status === 'published' ? 'review.publish' : 'review.hide',
      {
        id,
      },
    );
    changed(clientCode);
    return view(clientCode, id);
  });

  // The reply is public: it shows under the review on /reviews. '' takes it away.
  app.post('/reviews/:id/reply', async (request): Promise<ManagedReview> => {
    const { id } = parseRequest(idParams, request.params, 'review id');
    const { reply, version } = parseRequest(reviewReplySchema, request.body ?? {}, 'reply');
    const { clientCode } = request.owner;
    await view(clientCode, id);
    const fields =
      reply === ''
        ? { reply: null, replied_at: null }
        : { reply, replied_at: new Date().toISOString() };
    if (!(await updateReview(db, clientCode, id, version, fields))) {
      throw new AppError(409, changedMessage);
    }
    await recordAudit(deps, request.owner, 'review.reply', { id, removed: reply === '' });
    changed(clientCode);
    return view(clientCode, id);
  });

  app.post('/reviews/order', async (request): Promise<{ ids: number[] }> => {
    const { ids } = parseRequest(reviewOrderSchema, request.body ?? {}, 'order');
    const { clientCode } = request.owner;
    const own = new Set((await listAllReviewRows(db, clientCode)).map((row) => row.id));
    const unknown = ids.find((id) => !own.has(id));
    if (unknown !== undefined)
      throw new AppError(404, `There is no review ${unknown} on your site.`);
    if (new Set(ids).size !== ids.length)
      throw new AppError(400, 'Each review may be listed once.');
    // The whole list, as the owner saw it: a review that came in meanwhile would be misplaced.
    if (ids.length !== own.size) {
      throw new AppError(
        409,
        'The list of reviews changed while you were ordering it (a review came in). Reload it and order again.',
      );
    }
    await setReviewOrder(db, clientCode, ids);
    await recordAudit(deps, request.owner, 'review.reorder', { ids });
    changed(clientCode);
    return { ids };
  });
};
