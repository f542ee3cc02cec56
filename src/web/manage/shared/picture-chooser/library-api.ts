// Types only from the shared module, as content-api.ts does: the answers are checked by hand, so
// the site-content screen loads no schema library.
import { libraryPictureName, type LibraryPicture } from '@common/picture-library';
import { ApiError, apiJson, apiUpload } from '@/lib/api-client';

/** The picture library's calls (/api/manage/media). */

export const libraryQueryKey = ['manage', 'media'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const notUnderstood = 'The server’s answer about your pictures was not understood.';

function asLibraryPicture(value: unknown): LibraryPicture {
  if (
    !isObject(value) ||
    typeof value.path !== 'string' ||
    typeof value.file !== 'string' ||
    typeof value.width !== 'number' ||
    typeof value.height !== 'number' ||
    !Array.isArray(value.widths) ||
    !value.widths.every((w) => typeof w === 'number') ||
    typeof value.uploadedAt !== 'string' ||
    typeof value.inUse !== 'boolean'
  ) {
    throw new ApiError(502, notUnderstood);
  }
  return value as unknown as LibraryPicture;
}

export async function fetchLibrary(): Promise<LibraryPicture[]> {
  const answer = await apiJson('/api/manage/media');
  if (!isObject(answer) || !Array.isArray(answer.pictures)) {
    throw new ApiError(502, notUnderstood);
  }
  return answer.pictures.map(asLibraryPicture);
}

/** Uploads one picture into the library, reporting how much is sent. */
export async function uploadToLibrary(
  file: File,
  onProgress: (sent: number) => void,
): Promise<LibraryPicture> {
  const form = new FormData();
  form.append('picture', file);
  const answer = await apiUpload('/api/manage/media', form, onProgress);
  return asLibraryPicture(isObject(answer) ? answer.picture : undefined);
}

/** Deletes a picture no content and no product uses (the server refuses one in use: 409). */
export async function deleteFromLibrary(picture: LibraryPicture): Promise<void> {
  await apiJson(`/api/manage/media/${libraryPictureName(picture)}`, { method: 'DELETE' });
}
