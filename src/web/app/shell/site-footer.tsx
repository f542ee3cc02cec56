import { Link } from 'react-router';
import type { PublicClientConfig } from '@common/site-text';
import { useClient } from '@/lib/client-context';
import { telephoneHref } from '@/lib/contact-links';
import { SiteLogo } from './site-logo';
import { footerMenu } from './menu-entries';
import { SocialLinks } from './social-links';
import { copyrightYear } from './copyright-year';
import { ShellPart } from './shell-part';

function FooterMenu() {
  return (
    <nav aria-label="Footer" className="footer-menu">
      <ul>
        {footerMenu.map((item) => (
          <li key={item.route}>
            <Link to={item.route}>{item.display}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Copyright({ client }: { client: PublicClientConfig }) {
  return (
    <p className="site-footer__copyright">
      © {copyrightYear(client.footerType)} {client.title}
    </p>
  );
}

function Telephone({ number }: { number: string }) {
  return <a href={telephoneHref(number)}>{number}</a>;
}

function RetailerFooter({ client }: { client: PublicClientConfig }) {
  return (
    <>
      <div className="site-footer__brand">
        <SiteLogo client={client} />
        {client.footerTagline && <p>{client.footerTagline}</p>}
      </div>
      <ul className="site-footer__contact">
        {client.telephoneNo && (
          <li>
            Telephone: <Telephone number={client.telephoneNo} />
          </li>
        )}
        <li>
          E-mail: <a href={`mailto:${client.email}`}>{client.email}</a>
        </li>
        {client.whatsappLink && (
          <li>
            <a href={client.whatsappLink} rel="noopener noreferrer" target="_blank">
              Chat with us on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        )}
      </ul>
      <FooterMenu />
      <div className="site-footer__legal">
        <Copyright client={client} />
        {client.vatNumber && <p>VAT number: {client.vatNumber}</p>}
      </div>
    </>
  );
}

/** How much contact detail a business footer shows: PI all of it, DQ phone and e-mail, Min none. */
type FooterContact = 'with-address' | 'phone-and-email' | 'none';

function BusinessFooter({
  client,
  contact,
}: {
  client: PublicClientConfig;
  contact: FooterContact;
}) {
  return (
    <>
      <FooterMenu />
      {contact !== 'none' && (
        <ul className="site-footer__contact">
          {contact === 'with-address' && client.address && <li>{client.address}</li>}
          {client.telephoneNo && (
            <li>
              Phone: <Telephone number={client.telephoneNo} />
            </li>
          )}
          <li>
            E-mail: <a href={`mailto:${client.email}`}>{client.email}</a>
          </li>
        </ul>
      )}
      <SocialLinks client={client} className="site-footer__social" />
      <div className="site-footer__legal">
        <Copyright client={client} />
      </div>
    </>
  );
}

/**
 * The footer in the client's layout (footerType). `contactForm` fills the slot above it when the
 * client shows its contact form in the footer; the enquiry feature supplies the form. The rest is
 * the same on every page of a client, so the server renders it once (ShellPart).
 */
export function SiteFooter({ contactForm }: { contactForm?: React.ReactNode }) {
  const client = useClient();
  return (
    <footer className={`site-footer site-footer--${client.footerType}`}>
      {contactForm && <div className="site-footer__form">{contactForm}</div>}
      <ShellPart name="footer" as="div" className="site-footer__inner">
        <SiteFooterContent />
      </ShellPart>
    </footer>
  );
}

/** What is inside the footer: its links, contact details and legal lines, by its layout. */
export function SiteFooterContent() {
  const client = useClient();
  switch (client.footerType) {
    case 'SE':
      return <RetailerFooter client={client} />;
    case 'PI':
      return <BusinessFooter client={client} contact="with-address" />;
    case 'DQ':
      return <BusinessFooter client={client} contact="phone-and-email" />;
    case 'Min':
      return <BusinessFooter client={client} contact="none" />;
  }
}
