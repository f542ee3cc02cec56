import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  versionedBookingRulesSchema,
  type VersionedBookingRules,
} from '../../../common/booking-rules.js';
import {
  activeRequestSchema,
  bookingSearchQuerySchema,
  bookingStatusRequestSchema,
  cancelBookingRequestSchema,
  cancelPreviewRequestSchema,
  categoryInputSchema,
  closingCancelSchema,
  closingRangeSchema,
  diaryQuerySchema,
  moveBookingByOwnerSchema,
  moveTimesQuerySchema,
  ownerBookingRequestSchema,
  reorderRequestSchema,
  treatmentInputSchema,
  type AffectedBookings,
  type ClosingCancelResult,
  type BookingSearch,
  type Diary,
  type DiaryBooking,
  type EmailPreview,
  type ManageMenu,
  type MoveOptions,
} from '../../../common/diary.js';
import { refundDepositRequestSchema } from '../../../common/deposits.js';
import type { AppDeps } from '../../kernel/app-deps.js';
import { refundDepositByOwner } from '../deposits/deposit-service.js';
import { parseRequest } from '../../kernel/errors.js';
import { recordAudit } from '../../audit/audit-store.js';
import {
  addOwnerBooking,
  bookingDetail,
  cancelBooking,
  getBookingRules,
  listDiary,
  previewCancellation,
  updateBookingRules,
} from './diary-service.js';
import { affectedByClosing, cancelForClosing } from './closing-service.js';
import { moveBookingByOwner, moveOptions } from './owner-move-service.js';
import { findBookings, setBookingStatus } from './diary-views.js';
import type { ManageContext } from './manage-context.js';
import {
  addCategory,
  addTreatment,
  editCategory,
  editTreatment,
  getMenu,
  reorderCategories,
  reorderTreatments,
  setCategoryActive,
  setTreatmentActive,
} from './menu-service.js';
import { askForReview } from '../../reviews/review-requests.js';

const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'the id must be a number' })
    .int('the id must be a whole number')
    .positive('the id must be a positive number')
    .max(2_147_483_647, 'there is no such id'),
});

/**
 * The owner's diary, booking rules and menu (/api/manage/…), behind the one owner guard: 401
 * without a session, 403 for another client's host or a cross-site change. Every service call
 * works on the signed-in owner's client, so another client's booking or treatment id answers
 * 404, as an unknown one. Writes are audited as the owner.
 */
export const manageDiaryRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const context = (request: FastifyRequest): ManageContext => ({
    db: deps.db,
    dbKind: deps.dbKind,
    // The guard has checked that the owner's client is the request's client.
    client: request.client,
    changes: deps.changes,
    mailFrom: deps.config.mailFrom,
    now: new Date(),
    audit: (action, detail) => recordAudit(deps, request.owner, action, detail),
  });
  const idOf = (request: FastifyRequest) =>
    parseRequest(idParamsSchema, request.params, 'address').id;

  app.get('/diary', async (request): Promise<Diary> =>
    listDiary(context(request), parseRequest(diaryQuerySchema, request.query, 'query')),
  );

  app.get('/bookings/:id', async (request): Promise<DiaryBooking> =>
    bookingDetail(context(request), idOf(request)),
  );

  app.post('/bookings/:id/cancel', async (request): Promise<DiaryBooking> => {
    const id = idOf(request);
    const body = parseRequest(cancelBookingRequestSchema, request.body ?? {}, 'cancellation');
    return cancelBooking(context(request), id, body);
  });

  // Issue 36: the owner refunds all or part of a paid deposit (owner only: staff may cancel, but
  // giving money back is the owner's; staff-permissions.ts does not list it).
  app.post('/bookings/:id/refund-deposit', async (request): Promise<DiaryBooking> => {
    const id = idOf(request);
    const body = parseRequest(refundDepositRequestSchema, request.body ?? {}, 'refund');
    await refundDepositByOwner(deps, request.client, id, body, request.owner.id, new Date());
    deps.changes.clientChanged(request.client.name, 'bookings');
    return bookingDetail(context(request), id);
  });

  app.post('/bookings', async (request, reply): Promise<DiaryBooking> => {
    const body = parseRequest(ownerBookingRequestSchema, request.body ?? {}, 'booking');
    const booking = await addOwnerBooking(context(request), body);
    reply.code(201);
    return booking;
  });

  // Issue 32: searching bookings (a static path, so it wins over /bookings/:id) and marking one.
  app.get('/bookings/search', async (request): Promise<BookingSearch> =>
    findBookings(
      context(request),
      parseRequest(bookingSearchQuerySchema, request.query ?? {}, 'search').q,
    ),
  );

  app.post('/bookings/:id/status', async (request): Promise<DiaryBooking> => {
    const id = idOf(request);
    const body = parseRequest(bookingStatusRequestSchema, request.body ?? {}, 'status');
    const booking = await setBookingStatus(context(request), id, body);
    // Issue 33: a completed visit may ask the customer for a review (the owner's setting).
    if (body.status === 'completed') {
      const { name, email } = booking.customer;
      await askForReview(
        deps,
        request.client,
        { customerName: name, customerEmail: email, bookingId: id },
        new Date(),
        request.host,
      );
    }
    return booking;
  });

  app.get('/booking-rules', async (request): Promise<VersionedBookingRules> =>
    getBookingRules(context(request)),
  );

  app.put('/booking-rules', async (request): Promise<VersionedBookingRules> => {
    const body = parseRequest(versionedBookingRulesSchema, request.body ?? {}, 'booking rules');
    return updateBookingRules(context(request), body);
  });

  app.get('/menu', async (request): Promise<ManageMenu> => getMenu(context(request)));

  app.post('/categories', async (request, reply): Promise<ManageMenu> => {
    const body = parseRequest(categoryInputSchema, request.body ?? {}, 'category');
    const menu = await addCategory(context(request), body);
    reply.code(201);
    return menu;
  });

  app.put('/categories/order', async (request): Promise<ManageMenu> =>
    reorderCategories(
      context(request),
      parseRequest(reorderRequestSchema, request.body ?? {}, 'order'),
    ),
  );

  app.put('/categories/:id', async (request): Promise<ManageMenu> => {
    const id = idOf(request);
    return editCategory(
      context(request),
      id,
      parseRequest(categoryInputSchema, request.body ?? {}, 'category'),
    );
  });

  app.put('/categories/:id/active', async (request): Promise<ManageMenu> => {
    const id = idOf(request);
    const { active } = parseRequest(activeRequestSchema, request.body ?? {}, 'request');
    return setCategoryActive(context(request), id, active);
  });

  app.put('/categories/:id/treatments/order', async (request): Promise<ManageMenu> => {
    const id = idOf(request);
    return reorderTreatments(
      context(request),
      id,
      parseRequest(reorderRequestSchema, request.body ?? {}, 'order'),
    );
  });

  app.post('/treatments', async (request, reply): Promise<ManageMenu> => {
    const body = parseRequest(treatmentInputSchema, request.body ?? {}, 'treatment');
    const menu = await addTreatment(context(request), body);
    reply.code(201);
    return menu;
  });

  app.put('/treatments/:id', async (request): Promise<ManageMenu> => {
    const id = idOf(request);
    return editTreatment(
      context(request),
      id,
      parseRequest(treatmentInputSchema, request.body ?? {}, 'treatment'),
    );
  });

  app.put('/treatments/:id/active', async (request): Promise<ManageMenu> => {
    const id = idOf(request);
    const { active } = parseRequest(activeRequestSchema, request.body ?? {}, 'request');
    return setTreatmentActive(context(request), id, active);
  });

  // Issue 32: moving a booking, the cancellation e-mail's preview, and closing over bookings.
  app.get('/bookings/:id/move-times', async (request): Promise<MoveOptions> => {
    const id = idOf(request);
    return moveOptions(
      context(request),
      id,
      parseRequest(moveTimesQuerySchema, request.query, 'query'),
    );
  });

  app.post('/bookings/:id/move', async (request): Promise<DiaryBooking> => {
    const id = idOf(request);
    const body = parseRequest(moveBookingByOwnerSchema, request.body ?? {}, 'move');
    return moveBookingByOwner(context(request), id, body);
  });

  app.post('/bookings/:id/cancel-preview', async (request): Promise<EmailPreview> => {
    const id = idOf(request);
    const body = parseRequest(cancelPreviewRequestSchema, request.body ?? {}, 'preview');
    return previewCancellation(context(request), id, body);
  });

  app.post('/closing/affected', async (request): Promise<AffectedBookings> =>
    affectedByClosing(
      context(request),
      parseRequest(closingRangeSchema, request.body ?? {}, 'closing'),
    ),
  );

  app.post('/closing/cancel', async (request): Promise<ClosingCancelResult> =>
    cancelForClosing(
      context(request),
      parseRequest(closingCancelSchema, request.body ?? {}, 'closing'),
    ),
  );
};
