import './under-construction.css';
import { PageHeading } from './page-heading';

export const underConstructionText =
  'Sorry this page is under constructon, please check back in a few days...';

/** The spec's under-construction page, text as written. */
export function UnderConstruction({ heading }: { heading?: string }) {
  return (
    <section className="page under-construction">
      <PageHeading>{heading ?? 'Coming soon'}</PageHeading>
      <p>{underConstructionText}</p>
      <img
        src="/media/common/under-construction.jpeg"
        alt="A work-in-progress sign"
        width={800}
        height={500}
        loading="lazy"
      />
    </section>
  );
}
