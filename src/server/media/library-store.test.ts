import { describe, expect, it } from 'vitest';
import { describeUses, usesOf } from './library-store.js';

describe('where a library picture is used', () => {
  const references = {
    publishedContent: '{"home":[{"pictures":[{"file":"library/m-0a1b2c3d4e5f.jpeg"}]}]}',
    draftContent: undefined,
    products: [
      { title: 'Oasis', pictures: '[{"path":"/media/SE/library/m-0a1b2c3d4e5f"}]' },
      { title: 'Sunbeach', pictures: '[{"path":"/media/SE/uploads/p2-aa"}]' },
    ],
    staff: [{ name: 'Isla Munro', photo: 'library/m-0a1b2c3d4e5f.jpeg' }],
  };

  it('finds the picture by its name in the content and the products, and says where', () => {
    const uses = usesOf(references, 'm-0a1b2c3d4e5f');
    expect(uses).toEqual({
      publishedContent: true,
      draftContent: false,
      products: ['Oasis'],
      staff: ['Isla Munro'],
    });
    expect(describeUses(uses)).toBe(
      'the published site, the product “Oasis” and the staff photo of Isla Munro',
    );
    expect(describeUses({ publishedContent: true, draftContent: true, products: ['A', 'B'] })).toBe(
      'the published site, the draft of the site content, the product “A” and the product “B”',
    );
  });

  it('finds nothing for a picture no place names', () => {
    const uses = usesOf(references, 'm-ffffffffffff');
    expect(describeUses(uses)).toBeUndefined();
  });
});
