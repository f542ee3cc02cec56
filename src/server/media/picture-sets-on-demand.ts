import { existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { PICTURE_FORMATS } from '../../common/picture-set.js';
import { pictureSetOfSpec, storeSetOfSpec, type ImageSpec } from './placeholder-images.js';

/** A file of a picture set: `/media/<folder…>/<name>-<width>.<format>`. */
const setFile = new RegExp(`^/media/(.+)-(\\d+)\\.(${PICTURE_FORMATS.join('|')})$`);

/** How long a list of the known pictures is trusted before a miss looks again (new clients). */
const specsFreshMs = 10_000;

export interface PictureSetMaker {
  /**
   * Makes the set a missing file at `urlPath` belongs to, when it is the set of a known picture
   * (drawn or dropped in) whose file is there; resolves once it is stored. Anything else (a file
   * that exists, an upload, an unknown name) resolves at once and the static files answer.
   */
  ensure(urlPath: string): Promise<void>;
}

/**
 * The drawn pictures' sets, made when a page first asks for one of their files: the server's
 * start draws the placeholder pictures only (fast), and each set (the slow AVIF encoding) is made
 * once, by the first request for it — concurrent requests for the same set wait for one job. A
 * release step can make them all beforehand (ensurePlaceholderImages with `sets`).
 */
export function createPictureSetMaker(
  mediaDir: string,
  listSpecs: () => Promise<ImageSpec[]>,
): PictureSetMaker {
  let known: { specs: Map<string, ImageSpec>; at: number } | undefined;
  const making = new Map<string, Promise<void>>();

  const specOf = async (setPath: string): Promise<ImageSpec | undefined> => {
    const found = known?.specs.get(setPath);
    if (found || (known && Date.now() - known.at < specsFreshMs)) return found;
    const specs = await listSpecs();
    known = { specs: new Map(specs.map((s) => [pictureSetOfSpec(s).path, s])), at: Date.now() };
    return known.specs.get(setPath);
  };

  return {
    async ensure(urlPath) {
      const match = setFile.exec(urlPath);
      if (!match) return;
      // Set files are named by us: letters, digits, dashes and slashes need no decoding.
      const relative = normalize(urlPath.slice('/media/'.length));
      if (relative.startsWith('..') || existsSync(join(mediaDir, relative))) return;
      const setPath = `/media/${match[1]}`;
      const spec = await specOf(setPath);
      if (!spec || !pictureSetOfSpec(spec).widths.includes(Number(match[2]))) return;
      if (!existsSync(join(mediaDir, spec.path))) return;
      let job = making.get(setPath);
      if (!job) {
        job = storeSetOfSpec(mediaDir, spec).finally(() => making.delete(setPath));
        making.set(setPath, job);
      }
      await job;
    },
  };
}
