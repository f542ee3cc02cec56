import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import { pictureSetSchema } from '../../common/catalogue.js';
import { libraryPictureName, type LibraryPicture } from '../../common/picture-library.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import { recordAudit } from '../audit/audit-store.js';
import { storeUpload } from './image-pipeline.js';
import { describeUses, readPictureReferences, usesOf } from './library-store.js';
import { createLocalMediaStorage } from './media-storage.js';
import { mediaFolderOf } from './placeholder-images.js';
import { pictureUploadLimits, receivePicture } from './upload-request.js';

/** Where a client's content pictures are stored, under its media folder. */
const libraryFolder = 'library';

/** A library picture's file stem: server-made, `m-` and twelve hex digits. */
const libraryName = /^m-[0-9a-f]{12}$/;
const nameParams = z.object({
  name: z.string().check(z.regex(libraryName, 'is not a picture of the library')),
});

/**
 * The client's picture library (/api/manage/media): pictures for content pages, uploaded
 * through the same pipeline as product pictures and stored through MediaStorage as its widths ×
 * formats under `<client folder>/library/`, plus the largest JPEG as `<name>.jpeg` (the `src`
 * older browsers get, and the file a content block names). Each upload's set is stored beside
 * its files as `<name>.json`, so the list needs no table and survives a database move. A picture
 * is deleted only when no content (published or draft) and no product uses it
 * (docs/decisions/0032-uploaded-pictures.md).
 */
export const manageMediaRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(fastifyMultipart, { limits: pictureUploadLimits });
  const storage = createLocalMediaStorage(deps.config.mediaDir);

  const folderOf = (clientCode: string) => {
    const client = deps.registry.byCode(clientCode);
    if (!client) throw new AppError(404, 'Unknown client.');
    return `${mediaFolderOf(client)}/${libraryFolder}`;
  };

  app.get('/media', async (request): Promise<{ pictures: LibraryPicture[] }> => {
    const folder = folderOf(request.owner.clientCode);
    const records = (await storage.list(folder)).filter((key) => /\/m-[0-9a-f]+\.json$/.test(key));
    const references = await readPictureReferences(deps.db, request.owner.clientCode);
    const pictures: LibraryPicture[] = [];
    for (const key of records) {
      try {
        const parsed = JSON.parse(String(await storage.get(key))) as LibraryPicture;
        const set = pictureSetSchema.parse(parsed);
        const name = libraryPictureName(set);
        pictures.push({
          ...set,
          file: `${libraryFolder}/${name}.jpeg`,
          uploadedAt: String(parsed.uploadedAt),
          inUse: describeUses(usesOf(references, name)) !== undefined,
        });
      } catch {
        // A damaged record is left out rather than failing the whole list.
      }
    }
    pictures.sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
    return { pictures };
  });

  app.post('/media', async (request, reply): Promise<{ picture: LibraryPicture }> => {
    const folder = folderOf(request.owner.clientCode);
    const data = await receivePicture(request);
    const name = `m-${randomBytes(6).toString('hex')}`;
    const stored = await storeUpload(data, { storage, folder, name });
    const largest = await storage.get(`${folder}/${name}-${stored.width}.jpeg`);
    if (largest) await storage.put(`${folder}/${name}.jpeg`, largest);
    const src = `${stored.path}.jpeg`;
    const picture: LibraryPicture = {
      ...stored,
      src,
      file: `${libraryFolder}/${name}.jpeg`,
      uploadedAt: new Date().toISOString(),
      inUse: false,
    };
    // The record last: a picture is listed only once all its files are stored.
    const { inUse: _, ...record } = picture;
    await storage.put(`${folder}/${name}.json`, JSON.stringify(record));
    await recordAudit(deps, request.owner, 'media.upload', { picture: stored.path });
    reply.code(201);
    return { picture };
  });

  app.delete('/media/:name', async (request, reply) => {
    const { name } = parseRequest(nameParams, request.params, 'picture');
    const { clientCode } = request.owner;
    const folder = folderOf(clientCode);
    if (!(await storage.exists(`${folder}/${name}.json`))) {
      throw new AppError(404, 'That picture is not in your library (it may have been deleted).');
    }
    const usedIn = describeUses(usesOf(await readPictureReferences(deps.db, clientCode), name));
    if (usedIn) {
      throw new AppError(
        409,
        `This picture is used in ${usedIn}, so it was not deleted. Take it out there first.`,
      );
    }
    // The record first: a half-deleted picture is no longer listed.
    await storage.delete(`${folder}/${name}.json`);
    const files = (await storage.list(folder)).filter((key) => {
      const file = key.slice(folder.length + 1);
      return file.startsWith(`${name}-`) || file.startsWith(`${name}.`);
    });
    for (const key of files) await storage.delete(key);
    await recordAudit(deps, request.owner, 'media.delete', { picture: `/media/${folder}/${name}` });
    reply.code(204);
  });
};
