import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { placeholdersDrawnFor } from './seed-pictures.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the placeholders marker', () => {
  it('says drawn only for the fingerprint written into the media folder', () => {
    const media = mkdtempSync(join(tmpdir(), 'highstreet-media-'));
    dirs.push(media);
    expect(placeholdersDrawnFor(media, 'abc')).toBe(false);
    writeFileSync(join(media, '.placeholders-drawn'), 'abc\n');
    expect(placeholdersDrawnFor(media, 'abc')).toBe(true);
    expect(placeholdersDrawnFor(media, 'abd')).toBe(false);
  });
});
