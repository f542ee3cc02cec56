import type { ClientConfig } from '../../common/client-config.js';

/**
 * All client records, read from the database and validated; looked up per request. An owner's
 * publication replaces one record in place (`replace`), so every holder of the registry sees it.
 */
export interface ClientRegistry {
  readonly all: ClientConfig[];
  byCode: (code: string) => ClientConfig | undefined;
  byHost: (host: string) => ClientConfig | undefined;
  byEmailUserId: (userId: string) => ClientConfig | undefined;
  /** The published version of a client's content this registry holds (0 when not known). */
  versionOf: (code: string) => number;
  /**
   * Puts a client's newly published record in place of its old one, or adds a new client, or
   * switches a disabled one back on.
   */
  replace: (client: ClientConfig, version: number) => void;
  /**
   * Takes a client out of service (`npm run client -- disable`): it is no longer found by code or
   * host, and its host names answer "not available" (`isDisabledHost`) instead of falling back to
   * the default client.
   */
  disable: (code: string, hostNames: readonly string[], version: number) => void;
  isDisabled: (code: string) => boolean;
  isDisabledHost: (host: string) => boolean;
}

/** A Host header as the registry keys it: lower case, no port, no trailing dot. */
function hostKey(host: string): string {
  return host.toLowerCase().replace(/:\d+$/, '').replace(/\.+$/, '');
}

export function createClientRegistry(
  initial: ClientConfig[],
  initialVersions: ReadonlyMap<string, number> = new Map(),
): ClientRegistry {
  const codes = new Map<string, ClientConfig>();
  const hosts = new Map<string, ClientConfig>();
  const userIds = new Map<string, ClientConfig>();
  const versions = new Map(initialVersions);
  /** Disabled clients' host names, by code. */
  const disabled = new Map<string, readonly string[]>();
  let disabledHosts = new Set<string>();
  let all: ClientConfig[] = [];
  const index = () => {
    all = [...codes.values()];
    hosts.clear();
    userIds.clear();
    for (const client of all) {
      for (const host of client.hostNames) hosts.set(host.toLowerCase(), client);
      userIds.set(client.emailService.userId, client);
    }
    disabledHosts = new Set([...disabled.values()].flat().map(hostKey));
  };
  for (const client of initial) codes.set(client.name, client);
  index();
  return {
    get all() {
      return all;
    },
    byCode: (code) => codes.get(code.toUpperCase()),
    // A fully qualified name may end with a dot (`rrb.example.` is `rrb.example`).
    byHost: (host) => hosts.get(hostKey(host)),
    byEmailUserId: (userId) => userIds.get(userId),
    versionOf: (code) => versions.get(code) ?? 0,
    replace(client, version) {
      codes.set(client.name, client);
      versions.set(client.name, version);
      disabled.delete(client.name);
      index();
    },
    disable(code, hostNames, version) {
      codes.delete(code);
      versions.set(code, version);
      disabled.set(code, hostNames);
      index();
    },
    isDisabled: (code) => disabled.has(code.toUpperCase()),
    // A disabled client's own host stays its own: no other client takes it over.
    isDisabledHost: (host) => disabledHosts.has(hostKey(host)) && !hosts.has(hostKey(host)),
  };
}
