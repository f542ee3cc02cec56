import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { pictureSetSchema } from '../../common/catalogue.js';
import type { PictureSet } from '../../common/picture-set.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError } from '../kernel/errors.js';
import { recordAudit } from '../audit/audit-store.js';
import { storeUpload } from './image-pipeline.js';
import { mediaFolderOf } from './placeholder-images.js';
import { pictureUploadLimits, receivePicture } from './upload-request.js';

/** Where a client's content pictures are stored, under its media folder. */
const libraryFolder = 'library';

/** A picture of the client's library, as the content editor picks it. */
export interface LibraryPicture extends PictureSet {
  uploadedAt: string;
}

/**
 * The client's picture library (/api/manage/media): pictures for content pages, uploaded
 * through the same pipeline as product pictures and stored as its widths × formats under
 * `media/<client folder>/library/`. Each upload's set is written beside its files as
 * `<name>.json`, so the list needs no table and survives a database move. The content editor
 * picks from GET and places the set it is given (docs/decisions/uploaded-pictures.md).
 */
export const manageMediaRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(fastifyMultipart, { limits: pictureUploadLimits });

  const folderOf = (clientCode: string) => {
    const client = deps.registry.byCode(clientCode);
    if (!client) throw new AppError(404, 'Unknown client.');
    return `${mediaFolderOf(client)}/${libraryFolder}`;
  };

  app.get('/media', async (request): Promise<{ pictures: LibraryPicture[] }> => {
    const dir = join(deps.config.mediaDir, folderOf(request.owner.clientCode));
    const names = await readdir(dir).catch(() => [] as string[]);
    const pictures: LibraryPicture[] = [];
    for (const name of names.filter((n) => /^m-[0-9a-f]+\.json$/.test(n))) {
      try {
        const parsed = JSON.parse(await readFile(join(dir, name), 'utf8')) as LibraryPicture;
        const set = pictureSetSchema.parse(parsed);
        pictures.push({ ...set, uploadedAt: String(parsed.uploadedAt) });
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
    const stored = await storeUpload(data, { mediaDir: deps.config.mediaDir, folder, name });
    const picture: LibraryPicture = { ...stored, uploadedAt: new Date().toISOString() };
    const dir = join(deps.config.mediaDir, folder);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `${name}.json`), JSON.stringify(picture));
    await recordAudit(deps, request.owner, 'media.upload', { picture: stored.path });
    reply.code(201);
    return { picture };
  });
};
