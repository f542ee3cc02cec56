import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
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
  it("makes a drawn picture's file of its set when a page first asks for it, and nothing else", async () => {
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
    // Requests at once share one listing of the pictures; each makes the one file it asks for.
    await Promise.all([
      maker.ensure('/media/JS/gallery/2-640.avif'),
      maker.ensure('/media/JS/gallery/2-640.avif'),
      maker.ensure('/media/JS/gallery/2-320.webp'),
    ]);
    expect(existsSync(join(mediaDir, 'JS/gallery/2-640.avif'))).toBe(true);
    expect(existsSync(join(mediaDir, 'JS/gallery/2-320.webp'))).toBe(true);
    expect(existsSync(join(mediaDir, 'JS/gallery/2-800.jpeg'))).toBe(false);
    expect(listed).toBe(1);
    // Cropped to the drawn shape, at the width asked for.
    const made = await sharp(join(mediaDir, 'JS/gallery/2-640.avif')).metadata();
    expect([made.width, made.height]).toEqual([640, 480]);
    expect(readdirSync(join(mediaDir, 'JS/gallery')).filter((n) => n.startsWith('.'))).toEqual([]);

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
