import { cpSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seedFingerprint } from './release-step.js';

const root = join(import.meta.dirname, '../../..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function copyOfSeed(): string {
  const dir = mkdtempSync(join(tmpdir(), 'highstreet-fingerprint-'));
  dirs.push(dir);
  cpSync(join(root, 'seed'), dir, { recursive: true });
  return dir;
}

describe('the seed fingerprint', () => {
  it('is the same for the same seed, wherever it lies', () => {
    expect(seedFingerprint(copyOfSeed())).toBe(seedFingerprint(join(root, 'seed')));
  });

  it('changes with a byte of a record, a renamed file or a new one', () => {
    const dir = copyOfSeed();
    const original = seedFingerprint(dir);
    writeFileSync(join(dir, 'clients', 'ZZ.json'), '{}');
    const added = seedFingerprint(dir);
    expect(added).not.toBe(original);
    renameSync(join(dir, 'clients', 'ZZ.json'), join(dir, 'clients', 'ZY.json'));
    expect(seedFingerprint(dir)).not.toBe(added);
    writeFileSync(join(dir, 'clients', 'ZY.json'), '{ }');
    expect(seedFingerprint(dir)).not.toBe(added);
  });
});
