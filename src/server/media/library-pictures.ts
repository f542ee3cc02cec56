import { pictureSetSchema } from '../../common/catalogue.js';
import type { PictureSet } from '../../common/picture-set.js';
import type { MediaStorage } from './media-storage.js';

/** Where a client's library pictures are stored, below its media folder. */
export const libraryFolderName = 'library';

/**
 * One picture of a client's library (manage-media-routes.ts) by its name (`m-0a1b2c3d4e5f`):
 * the set stored beside its files as `<name>.json`, or undefined when there is no such picture
 * (deleted, or never uploaded) or its record is damaged. `clientFolder` is the client's media
 * folder (`SE`).
 */
export async function readLibraryPicture(
  storage: MediaStorage,
  clientFolder: string,
  name: string,
): Promise<PictureSet | undefined> {
  const bytes = await storage.get(`${clientFolder}/${libraryFolderName}/${name}.json`);
  if (!bytes) return undefined;
  try {
    const parsed = pictureSetSchema.safeParse(JSON.parse(String(bytes)));
    if (!parsed.success) return undefined;
    const { path, width, height, widths, src } = parsed.data;
    return { path, width, height, widths, ...(src ? { src } : {}) };
  } catch {
    return undefined;
  }
}
