/**
 * The one signal that a client's data changed: an owner's edit, a booking that frees or takes a
 * slot, an order. Caches of anything derived from a client's data (list answers, rendered pages)
 * key on `version(code)` or drop their entries in `onChange`, so a change shows at once instead of
 * after a time-out. Call `clientChanged` after the write has committed. With several instances the
 * same interface is fed from the other instances too (docs/decisions/data-changes.md).
 */
export interface DataChanges {
  clientChanged(clientCode: string): void;
  /** A number that is different after every change to the client's data. */
  version(clientCode: string): number;
  /** Calls `listener` after each change, with the client's code; returns a function to stop. */
  onChange(listener: (clientCode: string) => void): () => void;
}

export function createDataChanges(): DataChanges {
  const versions = new Map<string, number>();
  const listeners = new Set<(clientCode: string) => void>();
  return {
    clientChanged(clientCode) {
      versions.set(clientCode, (versions.get(clientCode) ?? 0) + 1);
      for (const listener of listeners) listener(clientCode);
    },
    version: (clientCode) => versions.get(clientCode) ?? 0,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
