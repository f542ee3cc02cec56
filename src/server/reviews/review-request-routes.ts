import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  reviewAskingEditSchema,
  reviewFieldsSchema,
  type ReviewAsking,
  type ReviewInvitation,
} from '../../common/reviews.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import { inTransaction } from '../db/transaction.js';
import { claimReviewRequest, findReviewRequest } from './review-request-store.js';
import { readReviewToken } from './review-token.js';
import { getReviewAsking, reviewLinkSecret, saveReviewAsking } from './review-requests.js';
import { insertReview } from './reviews-store.js';

const tokenParams = z.object({ token: z.string().max(120) });
const refused = 'This review link is not valid. Please check it is the whole link from the e-mail.';
const used = 'This review link has been used already: thank you, we have your review.';

/**
 * The customer's side of a review request: GET /api/review-requests/:token says whom the page
 * greets; POST stores the review as pending (the owner publishes it) and uses the link up. A
 * forged or another client's token answers 404; a used one 409.
 */
export const reviewRequestRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const requestOf = async (token: string, clientCode: string) => {
    const id = readReviewToken(reviewLinkSecret(deps.config), token, clientCode);
    const row = id === undefined ? undefined : await findReviewRequest(db, clientCode, id);
    if (!row) throw new AppError(404, refused);
    if (row.used_at !== null) throw new AppError(409, used);
    return row;
  };

  app.get('/api/review-requests/:token', async (request): Promise<ReviewInvitation> => {
    const { token } = parseRequest(tokenParams, request.params, 'link');
    const row = await requestOf(token, request.client.name);
    return { clientTitle: request.client.title, customerName: row.customer_name };
  });

  app.post('/api/review-requests/:token', async (request, reply) => {
    const { token } = parseRequest(tokenParams, request.params, 'link');
    const fields = parseRequest(reviewFieldsSchema, request.body ?? {}, 'review');
    const row = await requestOf(token, request.client.name);
    const now = new Date();
    // Used up first, guarded by used_at: of two sends at once only one stores a review; and both
    // in one transaction, so a link is never used up without its review.
    const stored = await inTransaction(db, async (trx) => {
      if (!(await claimReviewRequest(trx, row.id, now))) return false;
      await insertReview(
        trx,
        request.client.name,
        {
          ...fields,
          status: 'pending',
          source: 'customer',
          bookingId: row.booking_id,
          orderId: row.order_id,
        },
        now,
      );
      return true;
    });
    if (!stored) throw new AppError(409, used);
    reply.code(201);
    return { received: true };
  });
};

/** The owner's setting for asking (GET/PUT /api/manage/reviews/settings), versioned, audited. */
export const manageReviewAskingRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/reviews/settings', async (request): Promise<ReviewAsking> =>
    getReviewAsking(deps.db, request.owner.clientCode),
  );
  app.put('/reviews/settings', async (request): Promise<ReviewAsking> => {
    const { version, ...fields } = parseRequest(
      reviewAskingEditSchema,
      request.body ?? {},
      'review requests',
    );
    const { clientCode } = request.owner;
    if (!(await saveReviewAsking(deps.db, clientCode, fields, version))) {
      throw new AppError(
        409,
        'Someone else changed this setting while you were editing it. Reload it, then save again.',
      );
    }
    await recordAudit(deps, request.owner, 'review.asking', fields);
    return getReviewAsking(deps.db, clientCode);
  });
};
