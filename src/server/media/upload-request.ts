import type { FastifyRequest } from 'fastify';
import { AppError } from '../kernel/errors.js';
import { DEFAULT_IMAGE_LIMITS } from './image-pipeline.js';

/** The multipart limits every picture upload route registers @fastify/multipart with. */
export const pictureUploadLimits = {
  fileSize: DEFAULT_IMAGE_LIMITS.maxBytes,
  files: 1,
  fields: 0,
  parts: 2,
} as const;

/**
 * The one file of a picture upload (multipart/form-data), as bytes for the image pipeline; a
 * request that is not an upload, has no file or is over the size limit answers 415/400/413.
 */
export async function receivePicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send the picture as a file upload (multipart/form-data).');
  }
  const file = await request.file();
  if (!file) throw new AppError(400, 'Choose a picture to upload.');
  try {
    return await file.toBuffer();
  } catch {
    throw new AppError(
      413,
      `The picture is larger than ${DEFAULT_IMAGE_LIMITS.maxBytes / (1024 * 1024)} MB, the largest accepted.`,
    );
  }
}
