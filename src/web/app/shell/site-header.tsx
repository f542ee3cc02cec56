import { Link } from 'react-router';
import type { PublicClientConfig } from '@common/site-text';
import { useClient } from '@/lib/client-context';
import { telephoneHref } from '@/lib/contact-links';
import { buildHeaderMenu } from './menu-entries';
import { MenuLink, SiteMenu } from './site-menu';
import { ShellPart } from './shell-part';
import { SiteLogo } from './site-logo';
import { SocialLinks } from './social-links';

/** Address, e-mail, telephone and social links, each only when the client has one. */
function ContactStrip({
  client,
  withAddress,
}: {
  client: PublicClientConfig;
  withAddress: boolean;
}) {
  return (
    <div className="contact-strip">
      <ul className="contact-strip__items">
        {withAddress && client.address && (
          <li className="contact-strip__address">{client.address}</li>
        )}
        {client.telephoneNo && (
          <li>
            <a href={telephoneHref(client.telephoneNo)}>
              <span className="visually-hidden">Telephone </span>
              {client.telephoneNo}
            </a>
          </li>
        )}
        <li>
          <a href={`mailto:${client.email}`}>
            <span className="visually-hidden">E-mail </span>
            {client.email}
          </a>
        </li>
        {client.whatsappLink && (
          <li>
            <a href={client.whatsappLink} rel="noopener noreferrer" target="_blank">
              WhatsApp us<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        )}
      </ul>
      <SocialLinks client={client} className="contact-strip__social" />
    </div>
  );
}

/**
 * The header in the client's layout (headerType SE, DQ, Min, PI or 3bar). Every layout has the
 * logo and the main menu; they differ in which contact details they show and how they are laid out.
 */
export function SiteHeader() {
  const client = useClient();
  return (
    <ShellPart
      name="header"
      as="header"
      className={`site-header site-header--${client.headerType}`}
    >
      <SiteHeaderContent />
    </ShellPart>
  );
}

/**
 * What is inside the header: the same for every page of a client but for which menu link is the
 * current page (currentMenuRoutes), so the server can render it on its own and reuse it.
 */
export function SiteHeaderContent() {
  const client = useClient();
  const menu = buildHeaderMenu(client);
  const cartLink = menu.showCartLink ? (
    <li className="menu-cart">
      <MenuLink route="/cart">Cart</MenuLink>
    </li>
  ) : null;
  const mainMenu = (
    <SiteMenu entries={menu.entries} menuType={client.menuType} trailing={cartLink} />
  );
  const contactButton = menu.showContactButton ? (
    <Link to="/contact" className="button button--primary header-contact-button">
      Contact Us
    </Link>
  ) : null;
  const layout = client.headerType;

  return (
    <>
      {(layout === 'SE' || layout === 'PI' || layout === '3bar') && (
        <ContactStrip client={client} withAddress={layout !== 'SE'} />
      )}
      <div className="site-header__main">
        <SiteLogo client={client} />
        {client.headerTagline && <p className="site-header__tagline">{client.headerTagline}</p>}
        {mainMenu}
        {contactButton}
      </div>
    </>
  );
}
