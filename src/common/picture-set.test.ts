import { describe, expect, it } from 'vitest';
import { largestJpegOf, pictureSetBeside, srcSetOf, widthsFor } from './picture-set';

describe('picture sets', () => {
  it('stores the standard widths below a picture, and the picture itself up to 1280', () => {
    expect(widthsFor(4000)).toEqual([320, 640, 960, 1280]);
    expect(widthsFor(1280)).toEqual([320, 640, 960, 1280]);
    expect(widthsFor(800)).toEqual([320, 640, 800]);
    expect(widthsFor(320)).toEqual([320]);
    expect(widthsFor(200)).toEqual([200]);
  });

  it('names the files beside a drawn picture, scaling the height with the largest width', () => {
    const slide = pictureSetBeside('/media/SE/slides/hero.jpg', 1600, 700);
    expect(slide).toEqual({
      path: '/media/SE/slides/hero',
      width: 1280,
      height: 560,
      widths: [320, 640, 960, 1280],
      src: '/media/SE/slides/hero.jpg',
    });
    expect(largestJpegOf(slide)).toBe('/media/SE/slides/hero.jpg');
    expect(largestJpegOf({ ...slide, src: undefined })).toBe('/media/SE/slides/hero-1280.jpeg');
    expect(srcSetOf(pictureSetBeside('/media/SE/awards/award-1.jpeg', 320, 320), 'avif')).toBe(
      '/media/SE/awards/award-1-320.avif 320w',
    );
    expect(srcSetOf(pictureSetBeside('/media/SE/gallery/1.jpeg', 800, 600), 'webp')).toBe(
      '/media/SE/gallery/1-320.webp 320w, /media/SE/gallery/1-640.webp 640w, /media/SE/gallery/1-800.webp 800w',
    );
  });

  it('offers a thumbnail only the widths a 3× screen could choose for it', () => {
    const gallery = pictureSetBeside('/media/SE/gallery/1.jpeg', 1600, 1200);
    // 160 CSS pixels at 3× is 480: 320 is too small, 640 enough, 960 and 1280 never chosen.
    expect(srcSetOf(gallery, 'avif', 160)).toBe(
      '/media/SE/gallery/1-320.avif 320w, /media/SE/gallery/1-640.avif 640w',
    );
    expect(srcSetOf(gallery, 'avif', 100)).toBe('/media/SE/gallery/1-320.avif 320w');
    // Shown wider than the widest stored: every width.
    expect(srcSetOf(gallery, 'jpeg', 1000).split(', ')).toHaveLength(4);
  });
});
