import { useClient } from '@/lib/client-context';
import { PageHeading } from '@/components/page-heading';
import { ContactDetails } from '@/components/contact-details';
import { ContactForm } from './contact-form';
import './enquiry.css';

/** /contact: the client's contact heading and blurb, the contact form, and other ways to reach them. */
export function ContactPage() {
  const client = useClient();
  return (
    <section className="page enquiry-page">
      <PageHeading title="Contact us">{client.contactHeader || 'Contact us'}</PageHeading>
      {client.contactBlurb && <p className="enquiry-page__intro">{client.contactBlurb}</p>}
      <div className="enquiry-page__layout">
        <ContactForm heading="Send us a message" />
        <ContactDetails client={client} />
      </div>
    </section>
  );
}
