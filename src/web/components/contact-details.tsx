import type { PublicClientConfig } from '@common/site-text';
import { telephoneHref } from '@/lib/contact-links';
import './contact-details.css';

/** The spec's contact details block: heading Contact us, phone, optional WhatsApp link, e-mail. */
export function ContactDetails({
  client,
  headingLevel = 2,
}: {
  client: PublicClientConfig;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="contact-details" aria-labelledby="contact-details-heading">
      <Heading id="contact-details-heading">Contact us</Heading>
      <dl className="contact-details__list">
        {client.telephoneNo && (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={telephoneHref(client.telephoneNo)}>{client.telephoneNo}</a>
            </dd>
          </>
        )}
        {client.whatsappLink && (
          <>
            <dt>WhatsApp</dt>
            <dd>
              <a href={client.whatsappLink} rel="noopener noreferrer" target="_blank">
                Chat with us on WhatsApp
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </dd>
          </>
        )}
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${client.email}`}>{client.email}</a>
        </dd>
        {client.address && (
          <>
            <dt>Address</dt>
            <dd>{client.address}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
