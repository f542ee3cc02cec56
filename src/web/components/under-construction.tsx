import './under-construction.css';
import { pictureSetBeside } from '@common/picture-set';
import { PageHeading } from './page-heading';
import { ResponsivePicture } from './responsive-picture';

export const underConstructionText =
  'Sorry this page is under constructon, please check back in a few days...';

/** The spec's under-construction page, text as written. */
export function UnderConstruction({ heading }: { heading?: string }) {
  return (
    <section className="page under-construction">
      <PageHeading>{heading ?? 'Coming soon'}</PageHeading>
      <p>{underConstructionText}</p>
      <ResponsivePicture
        set={pictureSetBeside('/media/common/under-construction.jpeg', 800, 500)}
        alt="A work-in-progress sign"
        sizes="(min-width: 52rem) 800px, 100vw"
      />
    </section>
  );
}
