import { useLocation } from 'react-router';
import { routeTable } from '../../common/routes';
import { ContactForm } from '../features/enquiry/contact-form';

/**
 * The contact form shown in the footer for clients with showContactFormOnFooter; left out on
 * /contact, which has the same form in the page.
 */
export function FooterContactForm() {
  const { pathname } = useLocation();
  if (pathname === routeTable.contact) return null;
  return <ContactForm heading="Send us a message" />;
}
