import * as z from 'zod/mini';
import { pictureSetSchema } from './catalogue.js';

/**
 * A picture of the client's library (/api/manage/media), as the back office's picture chooser
 * offers it: its stored set, the file a content block names (`library/m-….jpeg`, below the
 * client's media folder) and when it was uploaded (docs/decisions/uploaded-pictures.md).
 */
export const libraryPictureSchema = z.extend(pictureSetSchema, {
  file: z.string(),
  uploadedAt: z.string(),
  /** Placed in the published or draft content or on a product: it cannot be deleted. */
  inUse: z.boolean(),
});
export type LibraryPicture = z.infer<typeof libraryPictureSchema>;

export const libraryListSchema = z.object({ pictures: z.array(libraryPictureSchema) });
export const libraryUploadSchema = z.object({ picture: libraryPictureSchema });

/** A library picture's name (`m-0a1b2c3d4e5f`), from its path or its file. */
export function libraryPictureName(picture: Pick<LibraryPicture, 'path'>): string {
  return picture.path.slice(picture.path.lastIndexOf('/') + 1);
}
