import { pathWithoutQuery, scrubPersonalData } from './scrub.js';

/** What one report says (POSTed as JSON to ERROR_REPORT_URL). No bodies, queries or addresses. */
export interface ErrorReport {
  time: string;
  /** `request` for a 5xx answer, `job` for a scheduled job that failed. */
  kind: 'request' | 'job';
  requestId?: string;
  method?: string;
  /** Fastify's route pattern (`/product/:id`), never the address asked for. */
  route?: string;
  client?: string;
  status?: number;
  job?: string;
  error: { name: string; message: string; stack?: string };
  /** Reports left out since the last one sent, by the rate cap. */
  dropped?: number;
}

export interface RequestFailure {
  requestId: string;
  method: string;
  route: string | undefined;
  client: string | undefined;
  status: number;
  error: unknown;
}

export interface ErrorReporter {
  request: (failure: RequestFailure) => void;
  job: (name: string, error: unknown) => void;
  /** Waits for the reports under way (tests, shutdown). */
  settled: () => Promise<void>;
}

export interface ErrorReporterOptions {
  url: string;
  /** Reports sent per minute at most; the rest are counted and the count sent with the next. */
  perMinute?: number;
  timeoutMs?: number;
  now?: () => Date;
  warn?: (message: string) => void;
}

function errorParts(error: unknown): ErrorReport['error'] {
  const scrub = scrubPersonalData;
  if (error instanceof Error) {
    return {
      name: error.name,
      message: scrub(error.message),
      ...(error.stack ? { stack: scrub(error.stack).slice(0, 8000) } : {}),
    };
  }
  return { name: 'NonError', message: scrub(String(error)).slice(0, 2000) };
}

/**
 * The error-reporting hook (issue 38, docs/decisions/0072-error-reports.md): each report is
 * POSTed once, not awaited by whoever failed, with a time-out; at most `perMinute` a minute, so
 * an outage that fails every request sends a trickle, not a flood, and never slows the answers.
 */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const perMinute = options.perMinute ?? 30;
  const timeoutMs = options.timeoutMs ?? 3000;
  const now = options.now ?? (() => new Date());
  let windowStart = 0;
  let sentInWindow = 0;
  let dropped = 0;
  let warned = false;
  const inFlight = new Set<Promise<void>>();

  const send = (report: Omit<ErrorReport, 'time'>) => {
    const at = now();
    if (at.getTime() - windowStart >= 60_000) {
      windowStart = at.getTime();
      sentInWindow = 0;
    }
    if (sentInWindow >= perMinute) {
      dropped++;
      return;
    }
    sentInWindow++;
    const body: ErrorReport = {
      time: at.toISOString(),
      ...report,
      ...(dropped > 0 ? { dropped } : {}),
    };
    dropped = 0;
    const posted = fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
      .then(async (answer) => {
        await answer.body?.cancel();
        if (!answer.ok) throw new Error(`answered ${answer.status}`);
        warned = false;
      })
      .catch((error: unknown) => {
        // One warning per outage of the receiver, not one per report.
        if (!warned) options.warn?.(`Error report not sent: ${String(error)}`);
        warned = true;
      })
      .finally(() => inFlight.delete(posted));
    inFlight.add(posted);
  };

  return {
    request: (failure) =>
      send({
        kind: 'request',
        requestId: failure.requestId,
        method: failure.method,
        ...(failure.route ? { route: pathWithoutQuery(failure.route) } : {}),
        ...(failure.client ? { client: failure.client } : {}),
        status: failure.status,
        error: errorParts(failure.error),
      }),
    job: (name, error) => send({ kind: 'job', job: name, error: errorParts(error) }),
    settled: async () => {
      await Promise.all([...inFlight]);
    },
  };
}
