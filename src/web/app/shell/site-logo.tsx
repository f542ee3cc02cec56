import { Link } from 'react-router';
import type { PublicClientConfig } from '@common/site-text';
import { logoFileOf } from '@common/logo';
import { mediaUrl } from '@/lib/media';

/**
 * The client's logo (the one the owner placed, else logo.svg in its media folder), linking home;
 * in the header and the footer.
 */
export function SiteLogo({ client }: { client: PublicClientConfig }) {
  return (
    <Link to="/" className="site-logo">
      <img
        src={mediaUrl(client, logoFileOf(client))}
        alt={`${client.title} home`}
        width={240}
        height={64}
        // A small picture beside the page's own content: it need not race the largest picture
        // (and React then does not preload it in the head).
        fetchPriority="low"
      />
    </Link>
  );
}
