import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readSeed } from '../db/seed.js';
import { createLocalMediaStorage } from '../media/media-storage.js';
import { drawClientIcons, icoFromPngs } from './icons.js';

const clients = readSeed(join(import.meta.dirname, '../../../seed')).clients;
const emptyMediaDir = mkdtempSync(join(tmpdir(), 'icons-'));
afterAll(() => rmSync(emptyMediaDir, { recursive: true, force: true }));

describe('icoFromPngs', () => {
  it('writes the ICO header, one entry per image, and the images after them', () => {
    const a = Buffer.from('aaaa');
    const b = Buffer.from('bbbbbb');
    const ico = icoFromPngs([
      { size: 16, png: a },
      { size: 256, png: b },
    ]);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2]);
    expect([ico.readUInt8(6), ico.readUInt8(22)]).toEqual([16, 0]);
    expect(ico.readUInt32LE(6 + 8)).toBe(4);
    expect(ico.readUInt32LE(6 + 12)).toBe(38);
    expect(ico.subarray(38, 42).toString()).toBe('aaaa');
    expect(ico.subarray(ico.readUInt32LE(22 + 12)).toString()).toBe('bbbbbb');
  });
});

describe('drawClientIcons', () => {
  it("draws the icons from the client's logo (the placeholder when it has no file)", async () => {
    const icons = await drawClientIcons(createLocalMediaStorage(emptyMediaDir), clients[0]!);
    const touch = await sharp(icons.appleTouchIcon).metadata();
    expect([touch.width, touch.height, touch.hasAlpha]).toEqual([180, 180, false]);
    const card = await sharp(icons.shareImage).metadata();
    expect([card.width, card.height]).toEqual([1200, 630]);
    expect((await sharp(icons.logo).metadata()).height).toBe(128);
    // The small icons are the logo's mark (its left square), not the squeezed whole logo.
    const { data, info } = await sharp(icons.appleTouchIcon)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const centre = (90 * info.width + 90) * info.channels;
    expect(data[centre]! + data[centre + 1]! + data[centre + 2]!).toBeLessThan(3 * 200);
  });
});
