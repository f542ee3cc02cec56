import { describe, expect, it } from 'vitest';
import { inChunks } from './in-chunks.js';

describe('inChunks', () => {
  it('hands over every item once, in order, in slices of at most the size', async () => {
    const seen: number[][] = [];
    await inChunks(
      Array.from({ length: 1201 }, (_, i) => i),
      async (chunk) => seen.push(chunk),
    );
    expect(seen.map((chunk) => chunk.length)).toEqual([500, 500, 201]);
    expect(seen.flat()).toEqual(Array.from({ length: 1201 }, (_, i) => i));
  });

  it('takes another size, and calls nothing for no items', async () => {
    const sizes: number[] = [];
    await inChunks(['a', 'b', 'c'], async (chunk) => sizes.push(chunk.length), 2);
    await inChunks([], async (chunk) => sizes.push(chunk.length), 2);
    expect(sizes).toEqual([2, 1]);
  });
});
