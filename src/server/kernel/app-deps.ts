import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import type { ClientRegistry } from './client-registry.js';
import type { ServerConfig } from '../config.js';
import type { DatabaseKind } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { CounterStore } from './counter-store.js';
import type { DataChanges } from './data-changes.js';
import type { RememberedAnswers } from './remembered-answers.js';
import type { ReferenceCache } from './reference-cache.js';
import type { AppMetrics } from './app-metrics.js';
import type { SharedPageStore } from './shared-page-store.js';

/** What every resource plugin is registered with: built once at start-up, then passed in. */
export interface AppDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  registry: ClientRegistry;
  /** The signal that a client's data changed; caches listen to it (data-changes.ts). */
  changes: DataChanges;
  /** Cache for list endpoints, per client, dropped on a change (reference-cache.ts). */
  referenceCache: ReferenceCache;
  /** Rendered pages shared by every instance (Redis); unset: each instance renders its own. */
  sharedPages?: SharedPageStore | undefined;
  /** Counters for limits counted by hand: in memory, or Redis shared by every instance. */
  counters: CounterStore;
  /** Answers from the caches, kept whole for identical requests (kernel/remembered-answers.ts). */
  rememberedAnswers: RememberedAnswers;
  /** What /metrics counts; only when METRICS_TOKEN is set (metrics/metrics.ts). */
  metrics?: AppMetrics | undefined;
  /** Page views counted in memory, written to the database now and then (visits/visit-counter.ts). */
  visits: VisitCounting;
}

/** What the site's visit counting offers the resources that count or report visits. */
export interface VisitCounting {
  /** One view of `path` on the client's local `day`; free of any I/O. */
  count(clientCode: string, day: string, path: string): void;
  /** Writes this instance's counts so far to the database (also on a timer and at close). */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The client this request is for; set by the HTTP shell before any handler runs. */
    client: ClientConfig;
  }
}
