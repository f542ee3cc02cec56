import type { EmblaCarouselType } from 'embla-carousel';
import { useCallback, useEffect, useRef, useState } from 'react';
import { shouldRotate, type SlidePicture } from './slider-rotation';
import { pictureSetBeside, shownWidths } from '@common/picture-set';
import { ResponsivePicture } from '@/components/responsive-picture';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import './slider.css';

interface ImageSliderProps {
  label: string;
  slides: SlidePicture[];
  delayMs: number;
  width: number;
  height: number;
}

/** Embla's duration is not in ms; about 20 gives the spec's roughly 300 ms slide. */
const emblaDuration = 20;

/**
 * The slide deck: loops, autoplays, arrows, dots, mouse and touch drag (embla). Rotation stops
 * while the visitor hovers or focuses it, when they press Pause or drag the slides (both leave it
 * paused until Play), and entirely under reduced motion (WCAG 2.2.2).
 */
export function ImageSlider({ label, slides, delayMs, width, height }: ImageSliderProps) {
  const reducedMotion = useReducedMotion();
  const viewportRef = useRef<HTMLDivElement>(null);
  const [emblaApi, setEmblaApi] = useState<EmblaCarouselType>();

  // Embla loads after the first paint, so it stays out of the first-load bundle
  // (docs/decisions/0014-page-speed.md); until then the first slide shows in the same box.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    let api: EmblaCarouselType | undefined;
    let cancelled = false;
    void Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]).then(
      ([{ default: EmblaCarousel }, { default: Autoplay }]) => {
        if (cancelled) return;
        const autoplay = Autoplay({
          delay: delayMs,
          playOnInit: false,
          // A drag stops it for good (we mark the slider paused below); without this the plugin
          // restarts its timer on pointer-up even while the pointer is still over the slides.
          stopOnInteraction: true,
          stopOnMouseEnter: false,
          stopOnFocusIn: false,
        });
        api = EmblaCarousel(viewport, { loop: true, duration: emblaDuration }, [autoplay]);
        setEmblaApi(api);
      },
    );
    return () => {
      cancelled = true;
      api?.destroy();
      setEmblaApi(undefined);
    };
  }, [delayMs]);
  const [selected, setSelected] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = shouldRotate({
    userPaused,
    hovered,
    focused,
    reducedMotion,
    slideCount: slides.length,
  });

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    const onDrag = () => setUserPaused(true);
    emblaApi.on('select', onSelect).on('reInit', onSelect).on('pointerDown', onDrag);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect).off('pointerDown', onDrag);
    };
  }, [emblaApi]);

  useEffect(() => {
    const autoplay = emblaApi?.plugins().autoplay;
    if (!autoplay) return;
    if (rotating) autoplay.play();
    else autoplay.stop();
  }, [emblaApi, rotating]);

  const goTo = useCallback(
    (index: number) => emblaApi?.scrollTo(index, reducedMotion),
    [emblaApi, reducedMotion],
  );
  const previous = () => emblaApi?.scrollPrev(reducedMotion);
  const next = () => emblaApi?.scrollNext(reducedMotion);

  if (slides.length === 0) return null;

  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="slider__viewport" ref={viewportRef}>
        <div className="slider__track" aria-live={rotating ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              className="slider__slide"
              key={slide.src}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              <ResponsivePicture
                set={pictureSetBeside(slide.src, width, height)}
                alt={slide.alt}
                sizes={shownWidths.slide}
                loading={slide.loading}
                fetchPriority={slide.fetchPriority}
                draggable={false}
              />
            </div>
          ))}
        </div>
      </div>
      <div className="slider__controls">
        <button
          type="button"
          className="slider__pause"
          onClick={() => setUserPaused(!userPaused)}
          disabled={reducedMotion}
        >
          {reducedMotion
            ? 'Autoplay off (reduced motion)'
            : userPaused
              ? 'Play slides'
              : 'Pause slides'}
        </button>
        <button type="button" className="slider__arrow slider__arrow--prev" onClick={previous}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Previous slide</span>
        </button>
        <div className="slider__dots">
          {slides.map((slide, index) => (
            <button
              type="button"
              key={slide.src}
              className="slider__dot"
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
            >
              <span className="visually-hidden">Go to slide {index + 1}</span>
            </button>
          ))}
        </div>
        <button type="button" className="slider__arrow slider__arrow--next" onClick={next}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">Next slide</span>
        </button>
      </div>
    </section>
  );
}
