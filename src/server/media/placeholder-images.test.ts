import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readSeed } from '../db/seed.js';
import { listImageSpecs, logoSvg, wrapTitle } from './placeholder-images.js';

const seed = readSeed(join(import.meta.dirname, '../../../seed'));

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
});
