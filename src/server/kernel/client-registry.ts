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
  /** Puts a client's newly published record in place of its old one (or adds a new client). */
  replace: (client: ClientConfig, version: number) => void;
}

export function createClientRegistry(
  initial: ClientConfig[],
  initialVersions: ReadonlyMap<string, number> = new Map(),
): ClientRegistry {
  const codes = new Map<string, ClientConfig>();
  const hosts = new Map<string, ClientConfig>();
  const userIds = new Map<string, ClientConfig>();
  const versions = new Map(initialVersions);
  let all: ClientConfig[] = [];
  const index = () => {
    all = [...codes.values()];
    hosts.clear();
    userIds.clear();
    for (const client of all) {
      for (const host of client.hostNames) hosts.set(host.toLowerCase(), client);
      userIds.set(client.emailService.userId, client);
    }
  };
  for (const client of initial) codes.set(client.name, client);
  index();
  return {
    get all() {
      return all;
    },
    byCode: (code) => codes.get(code.toUpperCase()),
    // A fully qualified name may end with a dot (`rrb.example.` is `rrb.example`).
    byHost: (host) => hosts.get(host.toLowerCase().replace(/:\d+$/, '').replace(/\.+$/, '')),
    byEmailUserId: (userId) => userIds.get(userId),
    versionOf: (code) => versions.get(code) ?? 0,
    replace(client, version) {
      codes.set(client.name, client);
      versions.set(client.name, version);
      index();
    },
  };
}
