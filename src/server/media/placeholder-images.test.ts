import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { PICTURE_FORMATS } from '../../common/picture-set.js';
import { readSeed } from '../db/seed.js';
import {
  ensurePlaceholderImages,
  listImageSpecs,
  logoSvg,
  pictureSetOfSpec,
  wrapTitle,
} from './placeholder-images.js';

const seed = readSeed(join(import.meta.dirname, '../../../seed'));

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('placeholder images', () => {
  it('wraps a long business name onto two lines without cutting it', () => {
    expect(wrapTitle('Pristine Home Exterior Cleaning')).toEqual([
      'Pristine Home',
      'Exterior Cleaning',
    ]);
    expect(wrapTitle('Ruby Rose Beauty')).toEqual(['Ruby Rose Beauty']);
  });

  it('draws every logo as well-formed SVG with the whole, escaped title', () => {
    for (const client of seed.clients) {
      const svg = logoSvg(client);
      expect(svg).not.toMatch(/&(?!#\d+;)/);
      const words = client.title.replace(/&/g, '&#38;').split(/\s+/);
      for (const word of words) expect(svg).toContain(word);
    }
  });

  it("lists the spec's paths for covers, gallery pictures and slides", () => {
    const paths = listImageSpecs(seed.clients, [
      { clientCode: 'SE', id: 2, title: 'Oasis', pictureCount: 2 },
    ]).map((s) => s.path);
    expect(paths).toEqual(
      expect.arrayContaining(['SE/pics/2/cover.jpeg', 'SE/pics/2/1.jpeg', 'SE/pics/2/2.jpeg']),
    );
    const js = seed.clients.find((c) => c.name === 'JS')!;
    for (const name of js.picturesForSlide) expect(paths).toContain(`JS/slides/${name}.jpg`);
  });

  it('with sets, stores every drawn picture as its widths × AVIF, WebP and JPEG, only what is missing', async () => {
    const mediaDir = mkdtempSync(join(tmpdir(), 'hs-placeholders-'));
    dirs.push(mediaDir);
    // One client with two slides and no products keeps the drawing short.
    const js = seed.clients.find((c) => c.name === 'JS')!;
    const client = { ...js, picturesForSlide: js.picturesForSlide.slice(0, 2) };
    // A host's own photo, dropped in before the first start: kept, and its set made from it.
    const own = join(mediaDir, 'JS/gallery/1.jpeg');
    mkdirSync(join(mediaDir, 'JS/gallery'), { recursive: true });
    await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#123' } })
      .jpeg()
      .toFile(own);

    const specs = listImageSpecs([client], []);
    const created = await ensurePlaceholderImages(mediaDir, [client], [], { sets: true });
    expect(created).toBeGreaterThanOrEqual(specs.length);
    for (const spec of specs) {
      const set = pictureSetOfSpec(spec);
      for (const width of set.widths) {
        for (const format of PICTURE_FORMATS) {
          const file = join(mediaDir, `${set.path.replace(/^\/media\//, '')}-${width}.${format}`);
          expect(existsSync(file), file).toBe(true);
        }
      }
    }
    // The dropped-in photo is untouched, and its set is cropped to the spec's 4:3 shape, so the
    // width and height the page gives stay true.
    expect((await sharp(own).metadata()).width).toBe(1000);
    const largest = await sharp(join(mediaDir, 'JS/gallery/1-800.avif')).metadata();
    expect([largest.width, largest.height]).toEqual([800, 600]);
    const slide = pictureSetOfSpec(specs.find((s) => s.path.includes('/slides/'))!);
    expect(slide).toMatchObject({ width: 1280, height: 560, widths: [320, 640, 960, 1280] });

    // A second start finds everything and makes nothing; no temporary folders are left behind.
    expect(await ensurePlaceholderImages(mediaDir, [client], [], { sets: true })).toBe(0);
    expect(readdirSync(join(mediaDir, 'JS/gallery')).filter((n) => n.startsWith('.'))).toEqual([]);
    // Draws and encodes every picture: seconds alone, a minute beside the browser tests.
  }, 120_000);
});
