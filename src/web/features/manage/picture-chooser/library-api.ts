import {
  libraryListSchema,
  libraryPictureName,
  libraryUploadSchema,
  type LibraryPicture,
} from '@common/picture-library';
import { apiJson, apiUpload } from '@/lib/api-client';

/** The picture library's calls (/api/manage/media); answers parsed with the shared schemas. */

export const libraryQueryKey = ['manage', 'media'] as const;

export async function fetchLibrary(): Promise<LibraryPicture[]> {
  return libraryListSchema.parse(await apiJson('/api/manage/media')).pictures;
}

/** Uploads one picture into the library, reporting how much is sent. */
export async function uploadToLibrary(
  file: File,
  onProgress: (sent: number) => void,
): Promise<LibraryPicture> {
  const form = new FormData();
  form.append('picture', file);
  return libraryUploadSchema.parse(await apiUpload('/api/manage/media', form, onProgress)).picture;
}

/** Deletes a picture no content and no product uses (the server refuses one in use: 409). */
export async function deleteFromLibrary(picture: LibraryPicture): Promise<void> {
  await apiJson(`/api/manage/media/${libraryPictureName(picture)}`, { method: 'DELETE' });
}
