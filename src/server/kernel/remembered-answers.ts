import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { acceptedPageEncoding } from './compress-page.js';

/**
 * Answers kept whole for repeat requests (docs/decisions/0046-remembered-answers.md).
 *
 * A cached page or list answer still went through the framework on every request: routing, the
 * request and reply objects, hooks, the client look-up, the headers set one by one. That was most
 * of its cost, more than sending the bytes. So when the framework answers a request from a cache,
 * the answer (status, headers, body) is remembered under everything in the request that can
 * change it, and the next identical request is answered from memory before the framework sees it,
 * as long as the cache entry the answer came from is still the current one. Anything else (a
 * cookie, a conditional request, a body, another method) goes through the framework as before.
 *
 * A few questions are asked with a small JSON body (POST bookings/time: a day and a duration).
 * For their addresses the body is read here first and is part of the signature; a request not
 * answered from memory then reaches the framework with the body it sent (`collectedBody`).
 */
export interface RememberedAnswer {
  statusCode: number;
  /** Every header of the answer, content-length included, as the framework sent it. */
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** Whether the cache entry the answer was made from is still the current one. */
  isCurrent: () => boolean;
  /** The route's pattern and the client's code, for the access line and the metrics. */
  route?: string | undefined;
  client?: string | undefined;
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
    /** The route's pattern (`/product/:id`, never the address asked for), when a route took it. */
    route?: string | undefined;
    /** The code of the client it was answered for, when one was found. */
    client?: string | undefined;
    /** Answered from memory, before the framework. */
    memory?: true | undefined;
  }): void;
}

export interface RememberedAnswers {
  /**
   * Answers from memory when an identical request was answered from a cache; otherwise hands it
   * to `next` (the framework), with its body already read for the addresses of `askedWithBodies`.
   */
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    next: (request: IncomingMessage, response: ServerResponse) => void,
  ): void;
  /** Remembers the answer to a request the framework answered from a cache (with its body). */
  remember(request: RequestHead, answer: RememberedAnswer, body?: Buffer): void;
  readonly size: number;
  /** What the kept answers hold: each distinct body once, plus each entry's signature and headers. */
  readonly bytes: number;
}

/** Requests whose answers are kept: a page or list address, not a long crafted one. */
const maxUrlLength = 512;
/** A question's body (a day and a duration is some 50 bytes); anything longer is not read here. */
const maxBodyLength = 1024;

const collectedBodies = new WeakMap<IncomingMessage, Buffer>();

/**
 * The body the remembered answers read off this request before the framework saw it, if they
 * did: the framework's body parser reads it from here (build-app.ts), and a route remembers its
 * answer under it.
 */
export function collectedBody(request: IncomingMessage): Buffer | undefined {
  return collectedBodies.get(request);
}

const single = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? value.join(',') : (value ?? '');

/**
 * Everything in a request that can change a cached page's or list's answer: the address, the host
 * (and what a proxy says of it), and the compression the browser takes. Undefined for a request
 * that must go through the framework: another method than GET, a cookie (a session or the
 * preview switch), credentials, a body, a conditional request (answered 304 there).
 */
export function requestSignature(request: RequestHead, body?: Buffer): string | undefined {
  const { method, url, headers } = request;
  if (url === undefined || url.length > maxUrlLength) return undefined;
  if (method === 'GET') {
    if (body !== undefined || hasAny(headers)) return undefined;
  } else if (method === 'POST') {
    // Only the whole, small body read here, and only JSON (anything else the framework refuses).
    if (body === undefined || !isSmallJsonQuestion(headers)) return undefined;
  } else {
    return undefined;
  }
  const encoding = acceptedPageEncoding(single(headers['accept-encoding'])) ?? '';
  const signature = `${url}\n${single(headers.host)}\n${single(headers['x-forwarded-host'])}\n${single(headers['x-forwarded-proto'])}\n${single(headers.forwarded)}\n${encoding}`;
  return body === undefined
    ? signature
    : `POST ${signature}\n${single(headers['content-type'])}\n${body.toString('latin1')}`;
}

/** A POST whose body is JSON, of a stated length no longer than a question's, without extras. */
function isSmallJsonQuestion(headers: IncomingHttpHeaders): boolean {
  const length = Number(headers['content-length']);
  return (
    Number.isInteger(length) &&
    length > 0 &&
    length <= maxBodyLength &&
    headers['transfer-encoding'] === undefined &&
    headers['content-encoding'] === undefined &&
    headers.expect === undefined &&
    headers.cookie === undefined &&
    headers.authorization === undefined &&
    /^application\/json\s*(;|$)/i.test(single(headers['content-type']))
  );
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

/**
 * What one entry holds besides its body (the signature, the header object, the map's slot): a
 * generous flat figure, so that many small answers are bounded too.
 */
const entryOverheadBytes = 2048;

/**
 * The remembered answers' share of the page budget (PAGE_CACHE_MB): a quarter; the page cache
 * holds the rest, so the two together stay within the one figure an operator sets.
 */
export function rememberedAnswersBudget(pageBudgetBytes: number): number {
  return Math.floor(pageBudgetBytes / 4);
}

export function createRememberedAnswers({
  maxEntries = 5000,
  maxBytes = Number.POSITIVE_INFINITY,
  log,
  askedWithBodies = [],
  requestId,
}: {
  maxEntries?: number;
  /**
   * The most the kept answers may hold (docs/decisions/0046-remembered-answers.md): a body shared by
   * several answers counts once, and the oldest answers go first past it. An answer can keep a
   * page alive after its cache dropped it, so without this bound the two stores together were
   * not bounded by the page cache's budget (issue 30, item 1).
   */
  maxBytes?: number;
  log?: AnswerLog;
  /** The addresses (path, no query) of POST questions answered from a cache by their body. */
  askedWithBodies?: readonly string[];
  /**
   * The id of a request answered from memory (http/request-id.ts), sent back in X-Request-Id;
   * without it, a counter's (and no header).
   */
  requestId?: (request: IncomingMessage) => string;
} = {}): RememberedAnswers {
  /** Insertion order is age: the oldest goes first when the map is full. */
  const answers = new Map<string, RememberedAnswer>();
  /** How many kept answers share each body, so that a shared body is counted once. */
  const bodyUses = new Map<Buffer, number>();
  let bytes = 0;
  const bodyAddresses = new Set(askedWithBodies);
  let served = 0;

  const forget = (signature: string) => {
    const answer = answers.get(signature);
    if (!answer) return;
    answers.delete(signature);
    bytes -= entryOverheadBytes + signature.length;
    const uses = (bodyUses.get(answer.body) ?? 1) - 1;
    if (uses > 0) bodyUses.set(answer.body, uses);
    else {
      bodyUses.delete(answer.body);
      bytes -= answer.body.length;
    }
  };

  const keep = (signature: string, answer: RememberedAnswer) => {
    const uses = bodyUses.get(answer.body) ?? 0;
    if (uses === 0) bytes += answer.body.length;
    bodyUses.set(answer.body, uses + 1);
    bytes += entryOverheadBytes + signature.length;
    answers.set(signature, answer);
  };

  /** Answers from memory if it can; true if it did. */
  const answerFromMemory = (
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
    body?: Buffer,
  ): boolean => {
    const signature = requestSignature(request, body);
    if (signature === undefined) return false;
    const answer = answers.get(signature);
    if (!answer) return false;
    if (!answer.isCurrent()) {
      forget(signature);
      return false;
    }
    const reqId = requestId ? requestId(request) : `mem-${(++served).toString(36)}`;
    // Merged with the remembered headers by writeHead, without copying them.
    if (requestId) response.setHeader('x-request-id', reqId);
    response.writeHead(answer.statusCode, answer.headers);
    response.end(answer.body);
    log?.answered({
      reqId,
      method: request.method!,
      url: request.url!,
      route: answer.route,
      client: answer.client,
      memory: true,
      statusCode: answer.statusCode,
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
    return true;
  };

  return {
    handle(request, response, next) {
      if (maxEntries === 0) return next(request, response);
      const started = performance.now();
      if (request.method === 'POST' && bodyAddresses.has(request.url!)) {
        if (!isSmallJsonQuestion(request.headers)) return next(request, response);
        readSmallBody(request, (body) => {
          if (answerFromMemory(request, response, started, body)) return;
          collectedBodies.set(request, body);
          next(request, response);
        });
        return;
      }
      if (answers.size === 0 || !answerFromMemory(request, response, started)) {
        next(request, response);
      }
    },
    remember(request, answer, body) {
      const signature = requestSignature(request, body);
      if (signature === undefined) return;
      if (answer.body.length + entryOverheadBytes > maxBytes) return;
      forget(signature);
      keep(signature, answer);
      for (const oldest of answers.keys()) {
        if (answers.size <= maxEntries && bytes <= maxBytes) break;
        forget(oldest);
      }
    },
    get size() {
      return answers.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/**
 * Reads a body of at most `maxBodyLength` bytes (its stated length was checked) and calls `done`
 * with it once it has all arrived. A request that ends early, sends more than it said or is cut
 * off never calls `done`: Node answers or closes it (its request time-out covers a slow body).
 */
function readSmallBody(request: IncomingMessage, done: (body: Buffer) => void): void {
  const expected = Number(request.headers['content-length']);
  const chunks: Buffer[] = [];
  let length = 0;
  request.on('data', (chunk: Buffer) => {
    length += chunk.length;
    if (length > expected) request.destroy();
    else chunks.push(chunk);
  });
  // A connection cut off mid-body: nothing to answer, and the error must not go unheard.
  request.on('error', () => {});
  request.on('end', () => {
    if (length === expected) done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  });
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
    // The id was the first request's; an answer from memory gets its own (answerFromMemory).
    if (value === undefined || name.toLowerCase() === 'x-request-id') continue;
    result[name.toLowerCase()] = Array.isArray(value) ? value : String(value);
  }
  result['content-length'] = String(body.length);
  return result;
}

/** The bytes of each kept text, made once however many addresses and questions answer with it. */
const keptBodies = new WeakMap<Promise<string>, Buffer>();

/**
 * Remembers the text a route has just answered from one of its caches (`kept`, the cache's entry,
 * resolved to `text`), for the request it answered (with the body read with it, for a question
 * asked with one), while `isCurrent` says that cache still holds it. Call it before the answer is
 * sent: the headers are the reply's own.
 */
export function rememberTextAnswer(
  rememberedAnswers: RememberedAnswers | undefined,
  request: IncomingMessage,
  reply: {
    statusCode: number;
    getHeaders(): Record<string, string | number | string[] | undefined>;
  },
  kept: Promise<string>,
  text: string,
  isCurrent: () => boolean,
  /** The route's pattern and the client's code, for the access lines of its answers from memory. */
  labels: { route?: string | undefined; client?: string | undefined } = {},
): void {
  if (!rememberedAnswers) return;
  let body = keptBodies.get(kept);
  if (!body) keptBodies.set(kept, (body = Buffer.from(text)));
  rememberedAnswers.remember(
    request,
    {
      statusCode: reply.statusCode,
      headers: answerHeaders(reply.getHeaders(), body),
      body,
      isCurrent,
      ...labels,
    },
    collectedBody(request),
  );
}
