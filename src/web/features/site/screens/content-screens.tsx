import { Link } from 'react-router';
import { useClient } from '../../../app/client-context';
import { GenericContent } from '../../../components/generic-content';
import { PageHeading } from '../../../components/page-heading';
import { UnderConstruction } from '../../../components/under-construction';
import { ContactDetails } from '../../../components/contact-details';
import {
  amsApproachContent,
  amsClientContent,
  amsHubContent,
  contentFor,
  cookiesContent,
  documentationContent,
  faqs,
  galleryAlts,
  joinUsContent,
  loginContent,
  nailsContent,
  phecPreviousJobs,
  phecServices,
  qualificationsContent,
  termsContent,
  type CaptionedPicture,
} from '../content/site-content';
import { manualUrls } from '../documentation/manual-files';
import nailsCaptionsUrl from './nails-captions.vtt?url&no-inline';

/** The travel client tells a personal story instead of showing a contact block. */
const travelClientCode = 'JS';

export function AboutScreen() {
  const client = useClient();
  const showContactDetails =
    client.showContactDetailsOnAbout === true && client.name !== travelClientCode;
  return (
    <section className={`page about ${client.name === travelClientCode ? 'about--story' : ''}`}>
      <PageHeading>{client.about.heading}</PageHeading>
      <div className="prose">
        {client.about.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {showContactDetails && <ContactDetails client={client} />}
    </section>
  );
}

export function DocumentationScreen() {
  return (
    <section className="page documentation">
      <PageHeading>{documentationContent.heading}</PageHeading>
      <p>{documentationContent.intro}</p>
      <ul className="card-list">
        {documentationContent.manuals.map((manual) => (
          <li key={manual.file} className="card">
            <h2>
              <a href={manualUrls[manual.file]} download>
                {manual.title} <span className="file-type">(PDF)</span>
              </a>
            </h2>
            <p>{manual.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function NailsScreen() {
  const client = useClient();
  const videoUrl = `${client.pictureLocation}/nails.mp4`;
  return (
    <section className="page nails">
      <PageHeading>{nailsContent.heading}</PageHeading>
      <div className="prose">
        {nailsContent.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <figure className="nails__video">
        {/* preload="none": nothing is fetched until the visitor presses play. */}
        <video
          controls
          preload="none"
          poster={`${client.pictureLocation}/gallery/1.jpeg`}
          width={800}
          height={600}
          aria-describedby="nails-video-description"
        >
          <source src={videoUrl} type="video/mp4" />
          <track kind="captions" src={nailsCaptionsUrl} srcLang="en" label="English" />
          <p>
            Your browser cannot play this video. <a href={videoUrl}>Download the video</a> instead.
          </p>
        </video>
        <figcaption>
          <strong>{nailsContent.videoTitle}</strong>
          <span id="nails-video-description"> {nailsContent.videoDescription}</span>
        </figcaption>
      </figure>
    </section>
  );
}

function PictureGrid({ pictures, folder }: { pictures: CaptionedPicture[]; folder: string }) {
  return (
    <ul className="picture-grid">
      {pictures.map((picture, index) => (
        <li key={picture.alt}>
          <figure>
            <img
              src={`${folder}/gallery/${index + 1}.jpeg`}
              alt={picture.alt}
              width={800}
              height={600}
              loading={index < 2 ? 'eager' : 'lazy'}
            />
            {picture.caption && <figcaption>{picture.caption}</figcaption>}
          </figure>
        </li>
      ))}
    </ul>
  );
}

export function GalleriesScreen() {
  const client = useClient();
  const pictures = contentFor(galleryAlts, client.name).map((alt) => ({ alt }));
  return (
    <section className="page galleries">
      <PageHeading>Gallery</PageHeading>
      <PictureGrid pictures={pictures} folder={client.pictureLocation} />
    </section>
  );
}

export function WorkScreen() {
  const client = useClient();
  return (
    <section className="page work">
      <PageHeading>Our previous work</PageHeading>
      <p>
        A few of the jobs our crews have finished recently. Every job is photographed when we
        finish.
      </p>
      <PictureGrid pictures={phecPreviousJobs} folder={client.pictureLocation} />
    </section>
  );
}

/** An id without spaces: aria-labelledby reads a space as the start of a second id. */
function servicesHeadingId(group: { heading: string }): string {
  return `services-${group.heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

export function ServicesScreen() {
  return (
    <section className="page services">
      <PageHeading>Our services</PageHeading>
      <div className="services__groups">
        {phecServices.map((group) => (
          <section key={group.heading} className="card" aria-labelledby={servicesHeadingId(group)}>
            <h2 id={servicesHeadingId(group)}>{group.heading}</h2>
            <p>{group.intro}</p>
            <ul className="tick-list">
              {group.services.map((service) => (
                <li key={service}>{service}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p>
        <Link to="/contact" className="button button--primary">
          Get a free quote
        </Link>
      </p>
    </section>
  );
}

export function ApproachScreen() {
  return (
    <GenericContent
      heading={amsApproachContent.heading}
      paragraphs={amsApproachContent.paragraphs}
    />
  );
}

export function ClientScreen() {
  return (
    <GenericContent heading={amsClientContent.heading} paragraphs={amsClientContent.paragraphs} />
  );
}

export function HubScreen() {
  return (
    <section className="page hub">
      <PageHeading>{amsHubContent.heading}</PageHeading>
      <div className="hub__sections">
        {amsHubContent.sections.map((section) => (
          <section key={section.heading} className="card">
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </section>
  );
}

export function QualificationsScreen() {
  return (
    <GenericContent
      heading={qualificationsContent.heading}
      paragraphs={qualificationsContent.paragraphs}
    />
  );
}

export function TermsScreen() {
  return <GenericContent heading={termsContent.heading} paragraphs={termsContent.paragraphs} />;
}

export function CookiesScreen() {
  return <GenericContent heading={cookiesContent.heading} paragraphs={cookiesContent.paragraphs} />;
}

export function FaqsScreen() {
  const client = useClient();
  return (
    <section className="page faqs">
      <PageHeading>Frequently asked questions</PageHeading>
      <div className="faq-list">
        {contentFor(faqs, client.name).map((faq) => (
          <details key={faq.question} className="faq">
            <summary>{faq.question}</summary>
            <p>{faq.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

export function JoinUsScreen() {
  const client = useClient();
  return (
    <section className="page joinus">
      <PageHeading>{joinUsContent.heading}</PageHeading>
      <div className="prose">
        {joinUsContent.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p>
          {joinUsContent.callToAction}{' '}
          <a href={`mailto:${client.email}?subject=Joining%20the%20club`}>{client.email}</a>.
        </p>
      </div>
    </section>
  );
}

export function TeamScreen() {
  return <UnderConstruction heading="Meet the team" />;
}

export function LoginScreen() {
  return (
    <section className="page login">
      <PageHeading>{loginContent.heading}</PageHeading>
      <p>{loginContent.text}</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
