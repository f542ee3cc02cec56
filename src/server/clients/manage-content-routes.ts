import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  checkSiteContent,
  publishSchema,
  saveDraftSchema,
  siteContentOf,
  type ContentState,
} from '../../common/site-content.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import { mediaFolderOf } from '../media/placeholder-images.js';
import { insertAudit, recordAudit } from '../audit/audit-store.js';
import { refreshClient } from './client-registry-store.js';
import {
  ContentInvalidError,
  changedFields,
  discardDraft,
  publishDraft,
  readDraft,
  readPublished,
  saveDraft,
} from './content-store.js';

const discardQuery = z.object({
  draftVersion: z.coerce
    .number('draftVersion is the version of the draft to discard')
    .int('draftVersion is the version of the draft to discard'),
});

/**
 * Files an owner can place: the media folder's pictures, videos, captions and downloads, by their
 * name in it (the editor offers each field its kind; none is typed).
 */
const placeableFile = /^[\w-]+(?:\/[\w-]+)*\.(?:jpe?g|png|webp|svg|mp4|webm|vtt|pdf)$/;
const mostMediaFiles = 2000;

async function listMediaFiles(folder: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => placeableFile.test(file))
    .sort()
    .slice(0, mostMediaFiles);
}

/**
 * The owner's site content (/api/manage/content): the published content and the draft, saving
 * the draft, publishing it and throwing it away. Behind the owner guard; the client is always
 * the session's. Publishing puts the new record in the registry and signals the change, so the
 * next page any visitor asks for is rendered from it.
 */
export const manageContentRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db, registry, changes } = deps;

  // Another instance's publication arrives as a change signal (issue 20's channel): read that
  // client's record again when the database holds a newer one, then drop its pages once more so
  // none rendered from the old record in between stays.
  const stopRefreshing = changes.onChange((code) => {
    refreshClient(db, registry, code)
      .then((replaced) => {
        if (replaced) changes.clientChanged(code);
      })
      .catch((error: unknown) => app.log.warn({ err: error, code }, 'client record not reloaded'));
  });
  app.addHook('onClose', async () => stopRefreshing());

  const stateOf = async (code: string): Promise<ContentState> => {
    const [published, draft] = await Promise.all([readPublished(db, code), readDraft(db, code)]);
    return {
      published: {
        content: siteContentOf(published.client),
        version: published.version,
        updatedAt: published.updatedAt,
      },
      draft: draft ?? null,
      mediaFiles: await listMediaFiles(join(deps.config.mediaDir, mediaFolderOf(published.client))),
    };
  };

  app.get('/content', async (request): Promise<ContentState> => stateOf(request.owner.clientCode));

  app.put('/content/draft', async (request, reply) => {
    const body = parseRequest(saveDraftSchema, request.body ?? {}, 'draft');
    const checked = checkSiteContent(body.content);
    if (!checked.ok) {
      // The error answer's shape plus each field's problem by its path, which the editor puts
      // beside the field (the browser does not load the schemas: see content-api.ts).
      const refusal = new ContentInvalidError(checked.issues);
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: refusal.message,
        issues: checked.issues,
      });
    }
    const content = checked.content;
    const code = request.owner.clientCode;
    const draft = await saveDraft(
      db,
      code,
      { content, baseVersion: body.baseVersion, draftVersion: body.draftVersion },
      request.owner.email,
    );
    const published = await readPublished(db, code);
    await recordAudit(deps, request.owner, 'content.draft', {
      draftVersion: draft.draftVersion,
      changed: changedFields(siteContentOf(published.client), content),
    });
    return reply.send(await stateOf(code));
  });

  app.post('/content/publish', async (request): Promise<ContentState> => {
    const body = parseRequest(publishSchema, request.body ?? {}, 'publication');
    const code = request.owner.clientCode;
    const owner = request.owner;
    const published = await publishDraft(db, code, body, (trx, changed, version) =>
      insertAudit(trx, {
        clientCode: owner.clientCode,
        ownerId: owner.id,
        action: 'content.publish',
        detail: { version, changed },
      }),
    );
    // After the commit: the registry serves the new record, then every cached page drops.
    registry.replace(published.client, published.version);
    changes.clientChanged(code);
    return stateOf(code);
  });

  app.delete('/content/draft', async (request): Promise<ContentState> => {
    const { draftVersion } = parseRequest(discardQuery, request.query ?? {}, 'query');
    const code = request.owner.clientCode;
    await discardDraft(db, code, draftVersion);
    await recordAudit(deps, request.owner, 'content.discard', { draftVersion });
    return stateOf(code);
  });
};
