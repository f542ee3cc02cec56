import { createContext, useContext } from 'react';
import type { ClientConfig } from '@common/client-config';

export const ClientContext = createContext<ClientConfig | null>(null);

/** The current client's record; every screen reads its behaviour and texts from here. */
export function useClient(): ClientConfig {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient must be used inside the ClientContext provider');
  return client;
}
