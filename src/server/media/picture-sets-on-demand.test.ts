import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSeed } from '../db/seed.js';
import { createPictureSetMaker } from './picture-sets-on-demand.js';
import { ensurePlaceholderImages, listImageSpecs } from './placeholder-images.js';

const seed = readSeed(join(import.meta.dirname, '../../../seed'));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('picture sets made on the first request', () => {
  it("makes a drawn picture's whole set once, when a page first asks for one of its files", async () => {
    const mediaDir = mkdtempSync(join(tmpdir(), 'hs-sets-'));
    dirs.push(mediaDir);
    const js = seed.clients.find((c) => c.name === 'JS')!;
    const client = { ...js, picturesForSlide: [] };
    // The start draws the pictures only.
    await ensurePlaceholderImages(mediaDir, [client], []);
    expect(existsSync(join(mediaDir, 'JS/gallery/2.jpeg'))).toBe(true);
    expect(existsSync(join(mediaDir, 'JS/gallery/2-640.avif'))).toBe(false);

    let listed = 0;
    const maker = createPictureSetMaker(mediaDir, async () => {
      listed++;
      return listImageSpecs([client], []);
    });
    // Two requests at once for the same set wait for one job.
    await Promise.all([
      maker.ensure('/media/JS/gallery/2-640.avif'),
      maker.ensure('/media/JS/gallery/2-320.webp'),
    ]);
    for (const width of [320, 640, 800]) {
      for (const format of ['avif', 'webp', 'jpeg']) {
        expect(existsSync(join(mediaDir, `JS/gallery/2-${width}.${format}`))).toBe(true);
      }
    }
    expect(existsSync(join(mediaDir, 'JS/gallery/3-640.avif'))).toBe(false);
    expect(listed).toBe(1);

    // Not a set file, a width the set does not have, an unknown picture, a path out of the folder.
    for (const url of [
      '/media/JS/gallery/3.jpeg',
      '/media/JS/gallery/3-1280.avif',
      '/media/JS/nowhere/1-320.avif',
      '/media/../JS/gallery/3-320.avif',
    ]) {
      await maker.ensure(url);
    }
    expect(existsSync(join(mediaDir, 'JS/gallery/3-320.avif'))).toBe(false);
    expect(existsSync(join(mediaDir, 'JS/nowhere'))).toBe(false);
  });
});
