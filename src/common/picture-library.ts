import type { PictureSet } from './picture-set.js';

/**
 * A picture of the client's library (/api/manage/media), as the back office's picture chooser
 * offers it: its stored set, the file a content block names (`library/m-….jpeg`, below the
 * client's media folder) and when it was uploaded (docs/decisions/0032-uploaded-pictures.md). No zod
 * here: the site-content screen's chunk must stay small (the answer is checked by hand there).
 */
export interface LibraryPicture extends PictureSet {
  file: string;
  uploadedAt: string;
  /** Placed in the published or draft content or on a product: it cannot be deleted. */
  inUse: boolean;
}

/** A library picture's name (`m-0a1b2c3d4e5f`), from its path. */
export function libraryPictureName(picture: Pick<LibraryPicture, 'path'>): string {
  return picture.path.slice(picture.path.lastIndexOf('/') + 1);
}
