import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { productPicturesEditSchema, productPicturesFieldsSchema } from './manage-products';
import { textMessages } from './text-rules';

const issuesOf = (value: unknown) =>
  z
    .safeParse(productPicturesFieldsSchema, value)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe("the product pictures' form", () => {
  it('names a refused description by its place, as the form names its box', () => {
    expect(
      issuesOf({
        pictures: [
          { path: '/media/SE/a.jpg', alt: 'Fine' },
          { path: '/media/SE/b.jpg', alt: 'x'.repeat(201) },
          { path: '/media/SE/c.jpg', alt: 'Tub\u0007' },
        ],
      }),
    ).toEqual([
      ['pictures.1.alt', 'Please keep the description under 200 characters'],
      ['pictures.2.alt', textMessages.control],
    ]);
  });

  it('keeps at least one picture and trims the descriptions', () => {
    expect(issuesOf({ pictures: [] })).toEqual([
      ['pictures', 'A product keeps at least one picture'],
    ]);
    const parsed = z.parse(productPicturesEditSchema, {
      pictures: [{ path: '/media/SE/a.jpg', alt: '  Green tub  ' }],
      version: 3,
    });
    expect(parsed).toEqual({
      pictures: [{ path: '/media/SE/a.jpg', alt: 'Green tub' }],
      version: 3,
    });
  });
});
