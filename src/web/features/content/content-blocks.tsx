import { Link } from 'react-router';
import type { PublicClientConfig } from '@common/site-text';
import type { PageBlock } from '@common/content';
import { pictureSetBeside } from '@common/picture-set';
import { ContactDetails } from '@/components/contact-details';
import { ResponsivePicture } from '@/components/responsive-picture';
import { contentPictureSet, mediaUrl } from '@/lib/media';
import { contentFileUrl } from './files/bundled-files';
import { StagesBlock } from './stages-block';

type BlockOf<Type extends PageBlock['type']> = Extract<PageBlock, { type: Type }>;
interface BlockProps<Type extends PageBlock['type']> {
  block: BlockOf<Type>;
  client: PublicClientConfig;
}

function TextBlock({ block }: BlockProps<'text'>) {
  return (
    <div className="prose">
      {block.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

function FaqsBlock({ block }: BlockProps<'faqs'>) {
  return (
    <div className="faq-list">
      {block.items.map((faq) => (
        <details key={faq.question} className="faq">
          <summary>{faq.question}</summary>
          <p>{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}

/** An id without spaces: aria-labelledby reads a space as the start of a second id. */
function headingId(prefix: string, heading: string): string {
  return `${prefix}-${heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

function ServiceGroupsBlock({ block }: BlockProps<'serviceGroups'>) {
  return (
    <div className="service-groups">
      {block.groups.map((group) => (
        <section
          key={group.heading}
          className="card"
          aria-labelledby={headingId('services', group.heading)}
        >
          <h2 id={headingId('services', group.heading)}>{group.heading}</h2>
          <p>{group.intro}</p>
          <ul className="tick-list">
            {group.services.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function CardsBlock({ block }: BlockProps<'cards'>) {
  return (
    <div className="card-grid">
      {block.cards.map((card) => (
        <section key={card.heading} className="card">
          <h2>{card.heading}</h2>
          {card.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

function PictureGridBlock({ block, client }: BlockProps<'pictureGrid'>) {
  return (
    <ul className="picture-grid">
      {block.pictures.map((picture, index) => (
        <li key={picture.file}>
          <figure>
            <ResponsivePicture
              set={contentPictureSet(client, picture, { width: 800, height: 600 })}
              alt={picture.alt}
              sizes="(min-width: 72rem) 23rem, (min-width: 36rem) 50vw, 100vw"
              loading={index < 2 ? 'eager' : 'lazy'}
            />
            {picture.caption && <figcaption>{picture.caption}</figcaption>}
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** A video not filmed yet: its poster, said plainly to be coming soon, and no player to fail. */
function VideoComingSoon({ block, client }: BlockProps<'video'>) {
  return (
    <figure className="content-video content-video--soon">
      <div className="content-video__frame">
        <ResponsivePicture
          set={pictureSetBeside(mediaUrl(client, block.poster), 800, 600)}
          alt=""
          sizes="(min-width: 52rem) 48rem, 100vw"
        />
        <p className="content-video__soon">Video coming soon</p>
      </div>
      <figcaption>
        <strong>{block.title}</strong> {block.description}
      </figcaption>
    </figure>
  );
}

function VideoBlock({ block, client }: BlockProps<'video'>) {
  if (!block.file) return <VideoComingSoon block={block} client={client} />;
  const videoUrl = mediaUrl(client, block.file);
  const descriptionId = headingId('video', block.title);
  return (
    <figure className="content-video">
      {/* preload="none": nothing is fetched until the visitor presses play. */}
      <video
        controls
        preload="none"
        poster={mediaUrl(client, block.poster)}
        width={800}
        height={600}
        aria-describedby={descriptionId}
      >
        <source src={videoUrl} type="video/mp4" />
        {block.captions && (
          <track
            kind="captions"
            src={contentFileUrl(client, block.captions)}
            srcLang="en"
            label="English"
          />
        )}
        <p>
          Your browser cannot play this video. <a href={videoUrl}>Download the video</a> instead.
        </p>
      </video>
      <figcaption>
        <strong>{block.title}</strong>
        <span id={descriptionId}> {block.description}</span>
      </figcaption>
    </figure>
  );
}

/** "PDF" for manual.pdf: said beside each download so visitors know what they will get. */
function fileType(file: string): string {
  return file.slice(file.lastIndexOf('.') + 1).toUpperCase();
}

function DocumentsBlock({ block, client }: BlockProps<'documents'>) {
  return (
    <ul className="card-list">
      {block.documents.map((document) => (
        <li key={document.file} className="card">
          <h2>
            <a href={contentFileUrl(client, document.file)} download>
              {document.title} <span className="file-type">({fileType(document.file)})</span>
            </a>
          </h2>
          <p>{document.description}</p>
        </li>
      ))}
    </ul>
  );
}

function MailtoBlock({ block, client }: BlockProps<'mailto'>) {
  return (
    <p>
      {block.text}{' '}
      <a href={`mailto:${client.email}?subject=${encodeURIComponent(block.subject)}`}>
        {client.email}
      </a>
      .
    </p>
  );
}

function LinkBlock({ block }: BlockProps<'link'>) {
  return (
    <p>
      <Link
        to={block.to}
        className={block.style === 'button' ? 'button button--primary' : undefined}
      >
        {block.text}
      </Link>
    </p>
  );
}

/** One renderer per block type; a type this build does not know is left out. */
export function PageBlockView({ block, client }: { block: PageBlock; client: PublicClientConfig }) {
  switch (block.type) {
    case 'text':
      return <TextBlock block={block} client={client} />;
    case 'faqs':
      return <FaqsBlock block={block} client={client} />;
    case 'serviceGroups':
      return <ServiceGroupsBlock block={block} client={client} />;
    case 'cards':
      return <CardsBlock block={block} client={client} />;
    case 'pictureGrid':
      return <PictureGridBlock block={block} client={client} />;
    case 'video':
      return <VideoBlock block={block} client={client} />;
    case 'documents':
      return <DocumentsBlock block={block} client={client} />;
    case 'contactDetails':
      return <ContactDetails client={client} />;
    case 'mailto':
      return <MailtoBlock block={block} client={client} />;
    case 'link':
      return <LinkBlock block={block} client={client} />;
    case 'stages':
      return <StagesBlock block={block} />;
    default:
      return null;
  }
}
