import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  saveDiscountCodeSchema,
  saveShopSettingsSchema,
  type DiscountCodeRecord,
  type ShopSettingsAnswer,
} from '../../common/shop-settings.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import {
  findDiscountCodeById,
  getShopSettings,
  insertDiscountCode,
  listDiscountCodes,
  saveShopSettings,
  updateDiscountCode,
} from './shop-store.js';

const idParams = z.object({ id: z.coerce.number().int().positive('a code id is a number') });

const conflict = (what: string) =>
  new AppError(
    409,
    `Someone else changed ${what} while you were editing. Reload it, then save again.`,
  );
const duplicate = (code: string) =>
  new AppError(409, `You already have the code ${code}.`, [
    { path: 'code.code', message: `You already have the code ${code}. Choose another.` },
  ]);

/**
 * The owner's shop settings and discount codes (issue 35), under /api/manage. Owner-only: staff
 * are not on the allowlist (prices and codes stay with the owner). Every query is scoped by the
 * signed-in owner's client, so another client's code id answers 404.
 */
export const manageShopRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/shop-settings', async (request): Promise<ShopSettingsAnswer> =>
    getShopSettings(deps.db, request.owner.clientCode),
  );

  app.put('/shop-settings', async (request): Promise<ShopSettingsAnswer> => {
    const { settings, version } = parseRequest(
      saveShopSettingsSchema,
      request.body ?? {},
      'shop settings',
    );
    const { clientCode } = request.owner;
    if (!(await saveShopSettings(deps.db, clientCode, settings, version, new Date()))) {
      throw conflict('the shop settings');
    }
    await recordAudit(deps, request.owner, 'shop.settings', settings);
    return getShopSettings(deps.db, clientCode);
  });

  app.get('/discount-codes', async (request): Promise<{ codes: DiscountCodeRecord[] }> => ({
    codes: await listDiscountCodes(deps.db, request.owner.clientCode),
  }));

  app.post('/discount-codes', async (request, reply): Promise<DiscountCodeRecord> => {
    const { code } = parseRequest(saveDiscountCodeSchema, request.body ?? {}, 'discount code');
    const { clientCode } = request.owner;
    const id = await insertDiscountCode(deps.db, clientCode, code, new Date());
    if (id === undefined) throw duplicate(code.code);
    await recordAudit(deps, request.owner, 'discount.add', code);
    reply.code(201);
    return (await findDiscountCodeById(deps.db, clientCode, id))!;
  });

  app.put('/discount-codes/:id', async (request): Promise<DiscountCodeRecord> => {
    const { id } = parseRequest(idParams, request.params, 'code id');
    const { code, version } = parseRequest(
      saveDiscountCodeSchema,
      request.body ?? {},
      'discount code',
    );
    const { clientCode } = request.owner;
    if (version === undefined) {
      throw new AppError(400, 'Invalid discount code: version is required to change a code', [
        { path: 'version', message: 'Reload the code, then save again.' },
      ]);
    }
    const current = await findDiscountCodeById(deps.db, clientCode, id);
    if (!current) throw new AppError(404, 'There is no such discount code.');
    let saved: boolean;
    try {
      saved = await updateDiscountCode(deps.db, clientCode, id, code, version, new Date());
    } catch {
      // The unique (client, code) index: renamed to another code the client already has.
      throw duplicate(code.code);
    }
    if (!saved) throw conflict(`the code ${current.code}`);
    await recordAudit(deps, request.owner, 'discount.edit', { id, ...code });
    return (await findDiscountCodeById(deps.db, clientCode, id))!;
  });
};
