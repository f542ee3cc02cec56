import type { PublicClientConfig } from '@common/site-text';
import { socialNetworks, type SocialNetwork } from '@common/social-networks';

const networkNames: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
};

/** Each configured social link, and nothing for networks the client does not use. */
export function SocialLinks({
  client,
  className,
}: {
  client: PublicClientConfig;
  className?: string;
}) {
  const links = socialNetworks.flatMap((network) => {
    const link = client.socialMedia[network];
    return link ? [{ network, ...link }] : [];
  });
  if (links.length === 0) return null;
  return (
    <ul className={`social-links ${className ?? ''}`}>
      {links.map(({ network, link, display }) => (
        <li key={network}>
          <a
            href={link}
            rel="noopener noreferrer"
            target="_blank"
            className={`social-links__${network}`}
          >
            <span className="social-links__network">{networkNames[network]}</span>
            <span className="visually-hidden">: {display} (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
