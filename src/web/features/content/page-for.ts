import type { PageBlock, PageContent } from '@common/content';
import type { ContentPath } from '@common/routes';
import type { PublicClientConfig, SiteText } from '@common/site-text';
import { genericPages } from '@common/generic-pages';

/**
 * /about from the record's own fields (spec section 2): the about text, and the contact details
 * where showContactDetailsOnAbout allows them (the travel client tells its story without).
 */
function aboutPage(client: PublicClientConfig, { about }: SiteText): PageContent {
  const blocks: PageBlock[] = [];
  if (about.paragraphs.length > 0) {
    blocks.push({ type: 'text', paragraphs: about.paragraphs });
  }
  if (client.showContactDetailsOnAbout) blocks.push({ type: 'contactDetails' });
  return { heading: about.heading, underConstruction: false, blocks };
}

/**
 * The page a content route shows for this client: its own page from the record, else the generic
 * page for the route; undefined where neither exists (the route is under construction).
 */
export function pageFor(
  client: PublicClientConfig,
  siteText: SiteText,
  path: ContentPath,
): PageContent | undefined {
  const own = siteText.pages[path];
  if (own) return own;
  if (path === '/about') return aboutPage(client, siteText);
  return genericPages[path];
}
