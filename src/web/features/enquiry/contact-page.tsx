import { useClient } from '../../app/client-context';
import { PageHeading } from '../../components/page-heading';
import { ContactForm } from './contact-form';
import './enquiry.css';

const telephoneHref = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;

/** /contact: the client's contact heading and blurb, the contact form, and other ways to reach them. */
export function ContactPage() {
  const client = useClient();
  return (
    <section className="page enquiry-page">
      <PageHeading title="Contact us">{client.contactHeader || 'Contact us'}</PageHeading>
      {client.contactBlurb && <p className="enquiry-page__intro">{client.contactBlurb}</p>}
      <div className="enquiry-page__layout">
        <ContactForm heading="Send us a message" />
        <aside className="enquiry-contact" aria-labelledby="enquiry-contact-heading">
          <h2 id="enquiry-contact-heading">Other ways to reach us</h2>
          <dl>
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
        </aside>
      </div>
    </section>
  );
}
