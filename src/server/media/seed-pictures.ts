import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SeedData } from '../db/seed.js';
import { ensurePlaceholderImages } from './placeholder-images.js';

// The seed's placeholder pictures, drawn after the release step (db/release-step.ts) by
// `npm run migrate` and by a start that finds them missing.

/** Written into the media folder once its placeholders for a seed are all there. */
const picturesMarker = '.placeholders-drawn';

/** Whether the media folder already has every placeholder of this seed (no file is looked at). */
export function placeholdersDrawnFor(mediaDir: string, fingerprint: string): boolean {
  const marker = join(mediaDir, picturesMarker);
  return existsSync(marker) && readFileSync(marker, 'utf8').trim() === fingerprint;
}

/**
 * Draws the seed's missing placeholder pictures (placeholder-images.ts), then
 * marks the media folder as done for this seed, so the next start looks at one file instead of
 * one per picture. With `sets` (the release step) it also makes every picture's widths ×
 * formats, so no visitor waits for one; a start leaves those to the first request. Returns how
 * many pictures (and sets) were made.
 */
export async function drawSeedPlaceholders(
  mediaDir: string,
  seed: SeedData,
  fingerprint: string,
  options: { sets?: boolean } = {},
): Promise<number> {
  const created = await ensurePlaceholderImages(
    mediaDir,
    seed.clients,
    seed.products.map((p) => ({
      clientCode: p.clientCode,
      id: p.id,
      title: p.title,
      pictureCount: p.pictureCount,
    })),
    options,
  );
  writeFileSync(join(mediaDir, picturesMarker), `${fingerprint}\n`);
  return created;
}
