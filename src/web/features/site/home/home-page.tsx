import { Link } from 'react-router';
import type { ClientConfig } from '../../../../common/client-config';
import { useClient } from '../../../app/client-context';
import { PageHeading } from '../../../components/page-heading';
import {
  bbgShopPhotoAlts,
  bbgVapesNotice,
  contentFor,
  phecServicesBlurb,
  retailerAwards,
  slideAltTexts,
} from '../content/home-content';
import { ImageSlider } from '../slider/image-slider';
import { slideDelay, slidePictures } from '../slider/slider-rotation';
import { NewsTicker } from '../ticker/news-ticker';
import { LazyFeaturedProduct } from './lazy-featured-product';

/** Clients whose home page shows the featured product (spec: the retailer and BBG). */
const clientsWithFeaturedProduct = new Set(['SE', 'BBG']);

function ClientBlurb({ client }: { client: ClientConfig }) {
  return (
    <section className={`home-blurb home-blurb--${client.name}`}>
      <div className="home-blurb__text">
        <PageHeading>{client.welcome.heading}</PageHeading>
        {client.welcome.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {client.name === 'RRB' && (
          <p>
            <Link to="/booking" className="button button--primary">
              Book Online
            </Link>
          </p>
        )}
        {client.name === 'JS' && (
          <p>
            <Link to="/about" className="button button--primary">
              My Story
            </Link>
          </p>
        )}
      </div>
      {client.name === 'BBG' && (
        <>
          <ul className="shop-photos">
            {bbgShopPhotoAlts.map((alt, index) => (
              <li key={alt}>
                <img
                  src={`${client.pictureLocation}/shop/shop-${index + 1}.jpeg`}
                  alt={alt}
                  width={800}
                  height={600}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
          <aside className="notice" aria-labelledby="vapes-notice-heading">
            <h2 id="vapes-notice-heading">Vapes</h2>
            <p>{bbgVapesNotice}</p>
          </aside>
        </>
      )}
    </section>
  );
}

function AwardsRack({ client }: { client: ClientConfig }) {
  return (
    <section className="awards" aria-labelledby="awards-heading">
      <h2 id="awards-heading">Awards</h2>
      <ul className="awards__rack">
        {retailerAwards.map((award, index) => (
          <li key={award.alt}>
            <img
              src={`${client.pictureLocation}/awards/award-${index + 1}.jpeg`}
              alt={award.alt}
              width={320}
              height={320}
              loading="lazy"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The home page, in the spec's order: blurb, slides, services and ticker, awards, featured product. */
export default function HomePage() {
  const client = useClient();
  const slides = slidePictures(client, contentFor(slideAltTexts, client.name));
  return (
    <div className={`home home--${client.name}`}>
      <ClientBlurb client={client} />
      {slides.length > 0 && (
        <ImageSlider
          label={`Pictures from ${client.title}`}
          slides={slides}
          delayMs={slideDelay(client.slideTimer)}
          width={1600}
          height={700}
        />
      )}
      {client.name === 'PHEC' && (
        <section className="services-blurb" aria-labelledby="services-blurb-heading">
          <h2 id="services-blurb-heading">{phecServicesBlurb.heading}</h2>
          <p>{phecServicesBlurb.text}</p>
          <p>
            <Link to="/services" className="button button--primary">
              {phecServicesBlurb.linkText}
            </Link>
          </p>
        </section>
      )}
      {client.tickerItems.length > 0 && (
        <NewsTicker items={client.tickerItems} label={`News from ${client.title}`} />
      )}
      {client.name === 'SE' && <AwardsRack client={client} />}
      {clientsWithFeaturedProduct.has(client.name) && <LazyFeaturedProduct />}
    </div>
  );
}
