import { createContext, useContext } from 'react';
import type { PublicClientConfig } from '@common/site-text';

export const ClientContext = createContext<PublicClientConfig | null>(null);

/**
 * The current client's record; every screen reads its behaviour and texts from here, but for the
 * long texts of the home and content pages (useSiteText, site-text-query.ts).
 */
export function useClient(): PublicClientConfig {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient must be used inside the ClientContext provider');
  return client;
}
