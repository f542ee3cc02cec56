import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMediaKey, createLocalMediaStorage } from './media-storage.js';

describe('local media storage', () => {
  const roots: string[] = [];
  const storage = () => {
    const root = mkdtempSync(join(tmpdir(), 'highstreet-media-'));
    roots.push(root);
    return { root, media: createLocalMediaStorage(root) };
  };
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('puts, gets, lists, replaces and deletes files by key', async () => {
    const { root, media } = storage();
    expect(media.localDirectory).toBe(root);
    expect(await media.get('SE/logo.svg')).toBeUndefined();
    expect(await media.exists('SE/logo.svg')).toBe(false);
    await media.put('SE/logo.svg', '<svg/>');
    await media.put('SE/uploads/p1-320.avif', Buffer.from([1, 2, 3]));
    await media.put('RRB/logo.svg', '<svg/>');
    expect(await media.exists('SE/logo.svg')).toBe(true);
    expect(await media.exists('SE/uploads')).toBe(false);
    expect((await media.get('SE/uploads/p1-320.avif'))?.equals(Buffer.from([1, 2, 3]))).toBe(true);
    expect(await media.list('SE')).toEqual(['SE/logo.svg', 'SE/uploads/p1-320.avif']);
    expect(await media.list('JS')).toEqual([]);
    await media.put('SE/logo.svg', '<svg id="2"/>');
    expect((await media.get('SE/logo.svg'))?.toString()).toBe('<svg id="2"/>');
    await media.delete('SE/logo.svg');
    await media.delete('SE/logo.svg');
    expect(await media.exists('SE/logo.svg')).toBe(false);
    // No temporary file is left behind by put.
    expect(readdirSync(join(root, 'SE'))).toEqual(['uploads']);
  });

  it('does not list half-written (hidden) files', async () => {
    const { root, media } = storage();
    await media.put('SE/a.jpeg', 'a');
    writeFileSync(join(root, 'SE', '.x1.tmp'), 'half');
    expect(await media.list('SE')).toEqual(['SE/a.jpeg']);
  });

  it('refuses keys that could leave the media root or name hidden files', () => {
    for (const key of [
      '../etc/passwd',
      'SE/../../x',
      '/abs',
      'SE//x',
      'SE/.hidden',
      '',
      'SE\\x',
      'a b',
    ]) {
      expect(() => checkMediaKey(key), key).toThrow(/Unsafe media key/);
    }
    expect(checkMediaKey('SE/uploads/p1-ab_c.640.avif')).toBe('SE/uploads/p1-ab_c.640.avif');
  });
});
