import { ContactForm } from '../features/enquiry/contact-form';

/** The contact form shown in the footer for clients with showContactFormOnFooter. */
export function FooterContactForm() {
  return <ContactForm heading="Send us a message" />;
}
