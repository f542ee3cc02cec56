import { describe, expect, it } from 'vitest';
import {
  defaultSlideDelayMs,
  shouldRotate,
  slideDelay,
  slidePictures,
  type RotationState,
} from './slider-rotation';

const idle: RotationState = {
  userPaused: false,
  hovered: false,
  focused: false,
  reducedMotion: false,
  slideCount: 4,
};

describe('slideDelay', () => {
  it('uses the client slideTimer, or 5000 ms', () => {
    expect(slideDelay(3000)).toBe(3000);
    expect(slideDelay(undefined)).toBe(5000);
    expect(defaultSlideDelayMs).toBe(5000);
  });
});

describe('shouldRotate', () => {
  it('rotates when nothing holds it', () => {
    expect(shouldRotate(idle)).toBe(true);
  });

  it.each([
    ['paused by the visitor', { userPaused: true }],
    ['hovered', { hovered: true }],
    ['focused', { focused: true }],
    ['reduced motion asked for', { reducedMotion: true }],
    ['only one slide', { slideCount: 1 }],
  ])('does not rotate when %s', (_, change) => {
    expect(shouldRotate({ ...idle, ...change })).toBe(false);
  });

  it('resumes after hover and focus end, unless the visitor paused', () => {
    expect(shouldRotate({ ...idle, hovered: false, focused: false })).toBe(true);
    expect(shouldRotate({ ...idle, userPaused: true, hovered: false, focused: false })).toBe(false);
  });
});

describe('slidePictures', () => {
  const client = {
    pictureLocation: '/media/JS',
    workingFolder: 'slides',
    pictureExtension: 'jpg' as const,
    picturesForSlide: ['slide-1', 'slide-2', 'slide-3'],
    title: 'Jet Set Travel Club',
  };

  it('builds each slide address from the client record', () => {
    expect(slidePictures(client, []).map((s) => s.src)).toEqual([
      '/media/JS/slides/slide-1.jpg',
      '/media/JS/slides/slide-2.jpg',
      '/media/JS/slides/slide-3.jpg',
    ]);
  });

  it('loads the first slide eagerly with high priority and the rest lazily', () => {
    const slides = slidePictures(client, []);
    expect(slides.map((s) => [s.loading, s.fetchPriority])).toEqual([
      ['eager', 'high'],
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ]);
  });

  it('uses the written alt text, and a numbered description when there is none', () => {
    const slides = slidePictures(client, ['A beach']);
    expect(slides.map((s) => s.alt)).toEqual([
      'A beach',
      'Jet Set Travel Club, picture 2 of 3',
      'Jet Set Travel Club, picture 3 of 3',
    ]);
  });
});
