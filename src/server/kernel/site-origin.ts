import type { ClientConfig } from '../../common/client-config.js';
import type { ClientRegistry } from './client-registry.js';

export interface OriginFacts {
  production: boolean;
  port: number;
  registry: ClientRegistry;
  /** The Host the request came in on, when there is a request. */
  requestHost?: string | undefined;
}

/**
 * Where links in an owner's e-mail or the CLI's output point: the host the request came in on
 * when that host is the client's own (never a Host header's word alone, or a forged header could
 * send a reset link to another site), else the client's public host name in production and its
 * `.localhost` name on this machine.
 */
export function siteOrigin(client: ClientConfig, facts: OriginFacts): string {
  const scheme = facts.production ? 'https' : 'http';
  if (facts.requestHost && facts.registry.byHost(facts.requestHost)?.name === client.name) {
    return `${scheme}://${facts.requestHost}`;
  }
  const local = client.hostNames.find((h) => h.endsWith('.localhost'));
  const publicHost = client.hostNames.find((h) => !h.endsWith('.localhost'));
  if (facts.production) return `https://${publicHost ?? client.hostNames[0] ?? 'localhost'}`;
  return `http://${local ?? 'localhost'}:${facts.port}`;
}

/** `siteOrigin` for a request: its client and the Host it came in on. */
export function siteOriginOfRequest(
  request: { client: ClientConfig; host: string },
  facts: Omit<OriginFacts, 'requestHost'>,
): string {
  return siteOrigin(request.client, { ...facts, requestHost: request.host });
}
