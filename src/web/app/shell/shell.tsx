import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useClient } from '@/lib/client-context';
import { FooterContactForm } from './footer-contact-form';
import { ScrollToTop } from './scroll-to-top';
import { CountVisit } from './count-visit';
import './shell.css';

/** Layout around every screen: skip link, the client's header, the screen, the client's footer. */
export function Shell() {
  const client = useClient();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter contactForm={client.showContactFormOnFooter ? <FooterContactForm /> : null} />
      <ScrollToTop />
      <CountVisit />
    </>
  );
}
