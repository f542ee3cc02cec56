import { useId } from 'react';
import { Link } from 'react-router';
import type { ContentLink, ContentPicture, HomeBlock } from '@common/content';
import type { PublicClientConfig, SiteText } from '@common/site-text';
import { PageHeading } from '@/components/page-heading';
import { ResponsivePicture } from '@/components/responsive-picture';
import { contentPictureSet } from '@/lib/media';
import { LazyFeaturedProduct } from './lazy-featured-product';
import { NewsTicker } from './news-ticker';
import { ImageSlider } from './slider/image-slider';
import { slideDelay, slidePictures } from './slider/slider-rotation';

type BlockOf<Type extends HomeBlock['type']> = Extract<HomeBlock, { type: Type }>;
interface BlockProps<Type extends HomeBlock['type']> {
  block: BlockOf<Type>;
  client: PublicClientConfig;
  siteText: SiteText;
}

function ButtonLink({ link }: { link: ContentLink }) {
  return (
    <p>
      <Link to={link.to} className="button button--primary">
        {link.text}
      </Link>
    </p>
  );
}

/** The welcome: the page's h1. A client that takes bookings is offered Book Online here. */
function WelcomeBlock({ block, client, siteText: { welcome } }: BlockProps<'welcome'>) {
  return (
    <section className="home-blurb">
      <div className="home-blurb__text">
        <PageHeading>{welcome.heading}</PageHeading>
        {welcome.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {client.booking && <ButtonLink link={{ text: 'Book Online', to: '/booking' }} />}
        {block.callToAction && <ButtonLink link={block.callToAction} />}
      </div>
    </section>
  );
}

function SliderBlock({ block, client }: BlockProps<'slider'>) {
  const slides = slidePictures(client, block.altTexts);
  if (slides.length === 0) return null;
  return (
    <ImageSlider
      label={`Pictures from ${client.title}`}
      slides={slides}
      delayMs={slideDelay(client.slideTimer)}
      width={1600}
      height={700}
    />
  );
}

function CalloutBlock({ block }: BlockProps<'callout'>) {
  const headingId = useId();
  return (
    <section className="callout" aria-labelledby={headingId}>
      <h2 id={headingId}>{block.heading}</h2>
      <p>{block.text}</p>
      <ButtonLink link={block.link} />
    </section>
  );
}

function TickerBlock({ client }: BlockProps<'ticker'>) {
  return <NewsTicker items={client.tickerItems} label={`News from ${client.title}`} />;
}

/** Intrinsic sizes per picture style, so the page does not move as the pictures arrive. */
const pictureSizes = {
  photos: { width: 800, height: 600 },
  badges: { width: 320, height: 320 },
} as const;

/** How wide each style is shown (home.css), so a phone fetches a small file. */
const shownWidths = {
  photos: '(min-width: 72rem) 18rem, (min-width: 32rem) 50vw, 100vw',
  badges: '(min-width: 72rem) 17rem, (min-width: 48rem) 25vw, 50vw',
  banner: '(min-width: 72rem) 35rem, (min-width: 48rem) 50vw, 100vw',
} as const;

function Picture({
  picture,
  client,
  size,
  sizes,
}: {
  picture: ContentPicture;
  client: PublicClientConfig;
  size: { width: number; height: number };
  /** How wide it is shown (the `sizes` attribute). */
  sizes: string;
}) {
  return (
    <ResponsivePicture
      set={contentPictureSet(client, picture, size)}
      alt={picture.alt}
      sizes={sizes}
    />
  );
}

function ImageRowBlock({ block, client }: BlockProps<'imageRow'>) {
  const headingId = useId();
  return (
    <section
      className={`image-row image-row--${block.style}`}
      aria-labelledby={block.heading ? headingId : undefined}
    >
      {block.heading && <h2 id={headingId}>{block.heading}</h2>}
      <ul className="image-row__list">
        {block.pictures.map((picture) => (
          <li key={picture.file}>
            <Picture
              picture={picture}
              client={client}
              size={pictureSizes[block.style]}
              sizes={shownWidths[block.style]}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function NoticeBlock({ block }: BlockProps<'notice'>) {
  const headingId = useId();
  return (
    <section className="home-notice">
      <aside className="notice" aria-labelledby={headingId}>
        <h2 id={headingId}>{block.heading}</h2>
        <p>{block.text}</p>
      </aside>
    </section>
  );
}

function FeaturedProductBlock({ block }: BlockProps<'featuredProduct'>) {
  return <LazyFeaturedProduct productId={block.productId} />;
}

/** The spec's generic image-with-text banner. */
function BannerBlock({ block, client }: BlockProps<'banner'>) {
  const headingId = useId();
  return (
    <section className="banner" aria-labelledby={headingId}>
      <Picture
        picture={block.picture}
        client={client}
        size={pictureSizes.photos}
        sizes={shownWidths.banner}
      />
      <div className="banner__text">
        <h2 id={headingId}>{block.heading}</h2>
        {block.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {block.link && <ButtonLink link={block.link} />}
      </div>
    </section>
  );
}

/** One renderer per block type; a type this build does not know is left out. */
export function HomeBlockView(props: {
  block: HomeBlock;
  client: PublicClientConfig;
  siteText: SiteText;
}) {
  const { block } = props;
  switch (block.type) {
    case 'welcome':
      return <WelcomeBlock {...props} block={block} />;
    case 'slider':
      return <SliderBlock {...props} block={block} />;
    case 'callout':
      return <CalloutBlock {...props} block={block} />;
    case 'ticker':
      return <TickerBlock {...props} block={block} />;
    case 'imageRow':
      return <ImageRowBlock {...props} block={block} />;
    case 'notice':
      return <NoticeBlock {...props} block={block} />;
    case 'featuredProduct':
      return <FeaturedProductBlock {...props} block={block} />;
    case 'banner':
      return <BannerBlock {...props} block={block} />;
    default:
      return null;
  }
}
