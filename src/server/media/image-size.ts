import { join, normalize } from 'node:path';
import sharp from 'sharp';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The pixel size of a picture under /media/, read from the file's header with sharp and kept;
 * undefined when the file is missing or is not a picture (asked again next time, so a picture a
 * host drops in later is found).
 */
export function createImageSizeReader(
  mediaDir: string,
): (mediaPath: string) => Promise<ImageSize | undefined> {
  const sizes = new Map<string, ImageSize>();
  return async (mediaPath) => {
    const known = sizes.get(mediaPath);
    if (known) return known;
    const relative = normalize(mediaPath.replace(/^\/media\//, ''));
    if (!mediaPath.startsWith('/media/') || relative.startsWith('..')) return undefined;
    try {
      const { width, height } = await sharp(join(mediaDir, relative)).metadata();
      if (!width || !height) return undefined;
      const size = { width, height };
      sizes.set(mediaPath, size);
      return size;
    } catch {
      return undefined;
    }
  };
}
