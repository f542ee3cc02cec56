/**
 * The one signal that a client's data changed: an owner's edit, a booking that frees or takes a
 * slot, an order. Caches of anything derived from a client's data (list answers, rendered pages)
 * key on a version or drop their entries in `onChange`, so a change shows at once instead of
 * after a time-out. Call `clientChanged` after the write has committed. With several instances the
 * same interface is fed from the other instances too (docs/decisions/0018-data-changes.md).
 */
export interface DataChanges {
  /**
   * `scope: 'bookings'` for a booking taken, moved, confirmed or freed: only what is derived from
   * the diary (free times and days) is stale then, and pages and lists stay cached.
   */
  clientChanged(clientCode: string, scope?: ChangeScope): void;
  /** A number that is different after every change to the client's data, bookings included. */
  version(clientCode: string): number;
  /** Different after every change but a booking's: what pages and reference lists are made of. */
  contentVersion(clientCode: string): number;
  /** Calls `listener` after each change but a booking's, with the client's code; returns a stop. */
  onChange(listener: (clientCode: string) => void): () => void;
}

/** What changed: anything (content, catalogue, settings), or only the bookings. */
export type ChangeScope = 'everything' | 'bookings';

export function createDataChanges(): DataChanges {
  const versions = new Map<string, number>();
  const contentVersions = new Map<string, number>();
  const listeners = new Set<(clientCode: string) => void>();
  return {
    clientChanged(clientCode, scope = 'everything') {
      versions.set(clientCode, (versions.get(clientCode) ?? 0) + 1);
      if (scope === 'bookings') return;
      contentVersions.set(clientCode, (contentVersions.get(clientCode) ?? 0) + 1);
      for (const listener of listeners) listener(clientCode);
    },
    version: (clientCode) => versions.get(clientCode) ?? 0,
    contentVersion: (clientCode) => contentVersions.get(clientCode) ?? 0,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
