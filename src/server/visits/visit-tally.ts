import type { VisitCount } from './visits-store.js';

/**
 * Page views counted in memory (docs/decisions/0068-...): a beacon adds one to a map entry and
 * nothing else, so counting costs the page nothing and the beacon's answer no database time; the
 * entries go to the database in one batch now and then (visit-counter.ts). At most
 * `pathsPerClientDay` distinct paths per client and day are kept, so a flood of made-up product
 * addresses cannot grow memory or the table without bound.
 */
export interface VisitTally {
  add(clientCode: string, day: string, path: string): void;
  /** Everything counted since the last take, and a fresh start. */
  take(): VisitCount[];
  /** Counts given back after a failed flush, to be tried again with the next. */
  putBack(counts: VisitCount[]): void;
}

export const pathsPerClientDay = 500;

export function createVisitTally(): VisitTally {
  // client → day → path → views
  let counts = new Map<string, Map<string, number>>();
  const keyOf = (clientCode: string, day: string) => `${clientCode} ${day}`;
  const addViews = (clientCode: string, day: string, path: string, views: number) => {
    const key = keyOf(clientCode, day);
    let paths = counts.get(key);
    if (!paths) counts.set(key, (paths = new Map()));
    const before = paths.get(path);
    if (before === undefined && paths.size >= pathsPerClientDay) return;
    paths.set(path, (before ?? 0) + views);
  };
  return {
    add: (clientCode, day, path) => addViews(clientCode, day, path, 1),
    take() {
      const taken: VisitCount[] = [];
      for (const [key, paths] of counts) {
        const [clientCode, day] = key.split(' ') as [string, string];
        for (const [path, views] of paths) taken.push({ clientCode, day, path, views });
      }
      counts = new Map();
      return taken;
    },
    putBack(taken) {
      for (const c of taken) addViews(c.clientCode, c.day, c.path, c.views);
    },
  };
}
