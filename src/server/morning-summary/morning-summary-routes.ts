import type { FastifyPluginAsync } from 'fastify';
import {
  morningSummaryEditSchema,
  type MorningSummarySetting,
} from '../../common/morning-summary.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import { getMorningSummarySetting, saveMorningSummarySetting } from './morning-summary-store.js';

/**
 * The signed-in owner's own morning e-mail (GET/PUT /api/manage/morning-summary, owners only):
 * each owner chooses for themself; versioned (409 when stale) and audited.
 */
export const manageMorningSummaryRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/morning-summary', async (request): Promise<MorningSummarySetting> =>
    getMorningSummarySetting(deps.db, request.owner.id),
  );
  app.put('/morning-summary', async (request): Promise<MorningSummarySetting> => {
    const { version, ...fields } = parseRequest(
      morningSummaryEditSchema,
      request.body ?? {},
      'morning e-mail',
    );
    const { owner } = request;
    if (!(await saveMorningSummarySetting(deps.db, owner, fields, version))) {
      throw new AppError(
        409,
        'This setting was changed in another window while you were editing it. Reload it, then save again.',
      );
    }
    await recordAudit(deps, owner, 'morning-summary.set', fields);
    return getMorningSummarySetting(deps.db, owner.id);
  });
};
