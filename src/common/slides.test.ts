import { describe, expect, it } from 'vitest';
import { isSlideFile, slideFileOf, slideSrc } from './slides';

const client = { pictureLocation: '/media/SE', workingFolder: 'slides', pictureExtension: 'jpeg' };

describe('slides', () => {
  it('finds a seed slide by its name in the slide folder', () => {
    expect(isSlideFile('1')).toBe(false);
    expect(slideFileOf(client, '1')).toBe('slides/1.jpeg');
    expect(slideSrc(client, 'hot-tub')).toBe('/media/SE/slides/hot-tub.jpeg');
  });

  it('takes a slide placed with the picture chooser as a file of the media folder', () => {
    expect(isSlideFile('library/m-0a1b2c3d4e5f.jpeg')).toBe(true);
    expect(slideFileOf(client, 'library/m-0a1b2c3d4e5f.jpeg')).toBe('library/m-0a1b2c3d4e5f.jpeg');
    expect(slideSrc(client, 'gallery/2.jpeg')).toBe('/media/SE/gallery/2.jpeg');
  });

  it('has no file for an empty slide', () => {
    expect(slideFileOf(client, '')).toBe('');
  });
});
