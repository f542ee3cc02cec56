import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { acceptedPageEncoding } from '../pages/compress-page.js';

/**
 * Answers kept whole for repeat requests (docs/decisions/remembered-answers.md).
 *
 * A cached page or list answer still went through the framework on every request: routing, the
 * request and reply objects, hooks, the client look-up, the headers set one by one. That was most
 * of its cost, more than sending the bytes. So when the framework answers a request from a cache,
 * the answer (status, headers, body) is remembered under everything in the request that can
 * change it, and the next identical request is answered from memory before the framework sees it,
 * as long as the cache entry the answer came from is still the current one. Anything else (a
 * cookie, a conditional request, a body, another method) goes through the framework as before.
 */
export interface RememberedAnswer {
  statusCode: number;
  /** Every header of the answer, content-length included, as the framework sent it. */
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** Whether the cache entry the answer was made from is still the current one. */
  isCurrent: () => boolean;
}

/** What the remembered answers need of a request: its first line and headers. */
export type RequestHead = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;

export interface AnswerLog {
  /** One access line per answer, like the framework's (access-log.ts). */
  answered(line: {
    reqId: string;
    method: string;
    url: string;
    statusCode: number;
    ms: number;
  }): void;
}

export interface RememberedAnswers {
  /** Answers from memory when an identical request was answered from a cache; true if it did. */
  tryAnswer(request: IncomingMessage, response: ServerResponse): boolean;
  /** Remembers the answer to a request the framework answered from a cache. */
  remember(request: RequestHead, answer: RememberedAnswer): void;
  readonly size: number;
}

/** Requests whose answers are kept: a page or list address, not a long crafted one. */
const maxUrlLength = 512;

const single = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? value.join(',') : (value ?? '');

/**
 * Everything in a request that can change a cached page's or list's answer: the address, the host
 * (and what a proxy says of it), and the compression the browser takes. Undefined for a request
 * that must go through the framework: another method than GET, a cookie (a session or the
 * preview switch), credentials, a body, a conditional request (answered 304 there).
 */
export function requestSignature(request: RequestHead): string | undefined {
  const { method, url, headers } = request;
  if (method !== 'GET' || url === undefined || url.length > maxUrlLength) return undefined;
  if (hasAny(headers)) return undefined;
  return [
    url,
    single(headers.host),
    single(headers['x-forwarded-host']),
    single(headers['x-forwarded-proto']),
    single(headers.forwarded),
    acceptedPageEncoding(single(headers['accept-encoding'])) ?? '',
  ].join('\n');
}

function hasAny(headers: IncomingHttpHeaders): boolean {
  return (
    headers.cookie !== undefined ||
    headers.authorization !== undefined ||
    headers['content-length'] !== undefined ||
    headers['transfer-encoding'] !== undefined ||
    headers['if-none-match'] !== undefined ||
    headers['if-modified-since'] !== undefined ||
    headers.range !== undefined
  );
}

export function createRememberedAnswers({
  maxEntries = 5000,
  log,
}: { maxEntries?: number; log?: AnswerLog } = {}): RememberedAnswers {
  /** Insertion order is age: the oldest goes first when the map is full. */
  const answers = new Map<string, RememberedAnswer>();
  let served = 0;
  return {
    tryAnswer(request, response) {
      if (answers.size === 0) return false;
      const started = performance.now();
      const signature = requestSignature(request);
      if (signature === undefined) return false;
      const answer = answers.get(signature);
      if (!answer) return false;
      if (!answer.isCurrent()) {
        answers.delete(signature);
        return false;
      }
      response.writeHead(answer.statusCode, answer.headers);
      response.end(answer.body);
      log?.answered({
        reqId: `mem-${(++served).toString(36)}`,
        method: 'GET',
        url: request.url!,
        statusCode: answer.statusCode,
        ms: Math.round((performance.now() - started) * 100) / 100,
      });
      return true;
    },
    remember(request, answer) {
      const signature = requestSignature(request);
      if (signature === undefined) return;
      answers.delete(signature);
      answers.set(signature, answer);
      if (answers.size > maxEntries) answers.delete(answers.keys().next().value!);
    },
    get size() {
      return answers.size;
    },
  };
}

/**
 * The headers the framework is about to send, as a remembered answer carries them: names in
 * lower case, numbers as text, content-length from the body.
 */
export function answerHeaders(
  headers: Record<string, string | number | string[] | undefined>,
  body: Buffer,
): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    result[name.toLowerCase()] = Array.isArray(value) ? value : String(value);
  }
  result['content-length'] = String(body.length);
  return result;
}
