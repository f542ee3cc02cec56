import type { ClientConfig } from '@common/client-config';
import { slideSrc } from '@common/slides';

/** Spec section 9: the slider autoplays every 5000 ms unless the client sets slideTimer. */
export const defaultSlideDelayMs = 5000;

export function slideDelay(slideTimer: number | undefined): number {
  return slideTimer ?? defaultSlideDelayMs;
}

export interface RotationState {
  /** The visitor pressed Pause (and has not pressed Play since). */
  userPaused: boolean;
  /** The pointer is over the slider. */
  hovered: boolean;
  /** Keyboard focus is inside the slider. */
  focused: boolean;
  /** The visitor asked their system for reduced motion. */
  reducedMotion: boolean;
  slideCount: number;
}

/**
 * WCAG 2.2.2 (pause, stop, hide): the slides move by themselves only when the visitor has not
 * paused them, is not reading or using them (hover, focus), and has not asked for reduced motion.
 */
export function shouldRotate(state: RotationState): boolean {
  return (
    state.slideCount > 1 &&
    !state.userPaused &&
    !state.hovered &&
    !state.focused &&
    !state.reducedMotion
  );
}

export interface SlidePicture {
  src: string;
  alt: string;
  /** The first slide is the page's largest image: fetch it at once; the rest can wait. */
  loading: 'eager' | 'lazy';
  fetchPriority: 'high' | 'auto';
}

/** The client's slide pictures: a name in the slide folder, or a media file (common/slides.ts). */
export function slidePictures(
  client: Pick<
    ClientConfig,
    'pictureLocation' | 'workingFolder' | 'pictureExtension' | 'picturesForSlide' | 'title'
  >,
  altTexts: readonly string[],
): SlidePicture[] {
  const count = client.picturesForSlide.length;
  return client.picturesForSlide.map((name, index) => ({
    src: slideSrc(client, name),
    alt: altTexts[index] ?? `${client.title}, picture ${index + 1} of ${count}`,
    loading: index === 0 ? 'eager' : 'lazy',
    fetchPriority: index === 0 ? 'high' : 'auto',
  }));
}
