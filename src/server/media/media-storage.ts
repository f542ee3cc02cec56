import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/**
 * Where the clients' pictures live, behind one interface (docs/decisions/0041-media-storage.md):
 * local disk under DATA_DIR/media by default; an S3-compatible bucket is the documented
 * production path for several instances. Keys are paths below the media root as the site names
 * them after `/media/`: `SE/uploads/p3-ab12-640.avif`, `RRB/logo.svg`.
 */
export interface MediaStorage {
  /** Stores `bytes` under `key`, replacing what was there; readers never see half a file. */
  put(key: string, bytes: Buffer | string): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  /** Every key below `prefix` (a folder: `SE/uploads`), sorted. */
  list(prefix: string): Promise<string[]>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /**
   * Local disk only: the folder the `/media/` route serves with @fastify/static (ETag, ranges,
   * caching). A bucket is served by its own URL or a CDN instead.
   */
  readonly localDirectory: string | undefined;
}

const safeSegment = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * A key is segments of letters, digits, `_ . -` joined by `/`, no segment starting with a dot:
 * nothing can climb out of the media root (`..`), name a hidden file or be absolute. Keys are
 * made by the server, so an unsafe one is a bug, not a visitor's mistake.
 */
export function checkMediaKey(key: string): string {
  const segments = key.split('/');
  if (key.length > 512 || !segments.every((segment) => safeSegment.test(segment))) {
    throw new Error(`Unsafe media key ${JSON.stringify(key)}`);
  }
  return key;
}

/** The media files on this machine's disk, below `root`. */
export function createLocalMediaStorage(root: string): MediaStorage {
  const pathOf = (key: string) => join(root, ...checkMediaKey(key).split('/'));
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    localDirectory: root,
    async put(key, bytes) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Written beside it under a hidden name, then renamed over it: atomic on one file system.
      const temp = join(dirname(file), `.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temp, bytes);
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async list(prefix) {
      const folder = pathOf(prefix);
      let entries: string[];
      try {
        entries = await readdir(folder, { recursive: true });
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
      const keys: string[] = [];
      for (const entry of entries) {
        const key = relative(root, join(folder, entry)).split(sep).join('/');
        // Hidden files are half-written temporaries; folders are not keys.
        if (key.split('/').some((segment) => segment.startsWith('.'))) continue;
        if ((await stat(join(folder, entry))).isFile()) keys.push(key);
      }
      return keys.sort();
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
