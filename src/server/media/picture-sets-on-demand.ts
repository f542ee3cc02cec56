import { existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { PICTURE_FORMATS, type PictureFormat } from '../../common/picture-set.js';
import { pictureSetOfSpec, storeSetOfSpec, type ImageSpec } from './placeholder-images.js';

/** A file of a picture set: `/media/<folder…>/<name>-<width>.<format>`. */
const setFile = new RegExp(`^/media/(.+)-(\\d+)\\.(${PICTURE_FORMATS.join('|')})$`);

/** How long a list of the known pictures is trusted before a miss looks again (new clients). */
const specsFreshMs = 10_000;

export interface PictureSetMaker {
  /**
   * Makes a missing file at `urlPath` when it belongs to the set of a known picture (drawn or
   * dropped in) whose file is there; resolves once it is stored. Anything else (a file
   * that exists, an upload, an unknown name) resolves at once and the static files answer.
   */
  ensure(urlPath: string): Promise<void>;
}

/**
 * The drawn pictures' sets, made when a page first asks for one of their files: the server's
 * start draws the placeholder pictures only, and each file of a set (the slow AVIF encoding) is
 * made once, by the first request for it — concurrent requests for the same file wait for one
 * job, and at most two encode at once. A release step can make them all beforehand
 * (ensurePlaceholderImages with `sets`).
 */
export function createPictureSetMaker(
  mediaDir: string,
  listSpecs: () => Promise<ImageSpec[]>,
): PictureSetMaker {
  let known: Promise<{ specs: Map<string, ImageSpec>; at: number }> | undefined;
  const making = new Map<string, Promise<void>>();

  const list = () => {
    const listing = listSpecs().then((specs) => ({
      specs: new Map(specs.map((s) => [pictureSetOfSpec(s).path, s])),
      at: Date.now(),
    }));
    // A failed listing (the database away) is tried again by the next request.
    listing.catch(() => {
      if (known === listing) known = undefined;
    });
    return listing;
  };
  /** The known picture of a set; a miss lists them again once the list is a few seconds old. */
  const specOf = async (setPath: string): Promise<ImageSpec | undefined> => {
    // Requests at the same moment share one listing.
    known ??= list();
    let current = await known;
    if (!current.specs.has(setPath) && Date.now() - current.at >= specsFreshMs) {
      known = list();
      current = await known;
    }
    return current.specs.get(setPath);
  };

  /** At most two pictures encode at once, however many requests arrive (a crawler, a long list). */
  const slots = { free: 2, waiting: [] as Array<() => void> };
  const inSlot = async <T>(work: () => Promise<T>): Promise<T> => {
    if (slots.free === 0) await new Promise<void>((resolve) => slots.waiting.push(resolve));
    else slots.free--;
    try {
      return await work();
    } finally {
      const next = slots.waiting.shift();
      if (next) next();
      else slots.free++;
    }
  };

  return {
    async ensure(urlPath) {
      const match = setFile.exec(urlPath);
      if (!match) return;
      // Set files are named by us: letters, digits, dashes and slashes need no decoding.
      const relative = normalize(urlPath.slice('/media/'.length));
      if (relative.startsWith('..') || existsSync(join(mediaDir, relative))) return;
      const spec = await specOf(`/media/${match[1]}`);
      const width = Number(match[2]);
      const format = match[3] as PictureFormat;
      if (!spec || !pictureSetOfSpec(spec).widths.includes(width)) return;
      if (!existsSync(join(mediaDir, spec.path))) return;
      // Only the file asked for: a browser asks for one width in one format of each picture.
      let job = making.get(urlPath);
      if (!job) {
        job = inSlot(() => storeSetOfSpec(mediaDir, spec, { width, format })).finally(() =>
          making.delete(urlPath),
        );
        making.set(urlPath, job);
      }
      await job;
    },
  };
}
