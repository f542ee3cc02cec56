import type { AnswerLog } from './remembered-answers.js';

/** An answer as the access log tells of it (access-log.ts). */
type AnsweredLine = Parameters<AnswerLog['answered']>[0];

/**
 * What /metrics shows (made by metrics/metrics.ts) (docs/decisions/0061-operable.md, docs/operating.md "Metrics"). One set per
 * server instance: Prometheus scrapes each instance and adds them up. Every label is bounded: the
 * route's pattern (never the address asked for), the method, the status, and the client's code
 * only when the registry knows it ("other" for anything else).
 */
export interface AppMetrics {
  /** Counts one answer (called by the access log for the framework's answers and memory's). */
  answered(line: AnsweredLine): void;
  /** Reads a page cache's counters and size when scraped. */
  watchPageCache(cache: {
    readonly counts: { hits: number; misses: number; shared: number; renders: number };
    readonly size: { entries: number; bytes: number };
  }): void;
  /** Reads the remembered answers' size when scraped. */
  watchRememberedAnswers(answers: { readonly size: number; readonly bytes: number }): void;
  /** The exposition text, with what is read from the database at scrape time. */
  scrape(): Promise<string>;
  readonly contentType: string;
}
