import type { ClientConfig } from './client-config.js';

/** The seed's logo, in every client's media folder (a drawn placeholder where it has none). */
export const defaultLogoFile = 'logo.svg';

/** The client's logo, a file of its media folder: the one the owner placed, else logo.svg. */
export function logoFileOf(client: Pick<ClientConfig, 'logo'>): string {
  return client.logo ?? defaultLogoFile;
}
