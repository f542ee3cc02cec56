import { csrfHeader } from '@common/csrf-header';
import type { FieldIssue } from '@common/field-issues';

/**
 * The one fetch wrapper for our back end (spec sections 4 and 7): credentials included; a 401 on
 * a request not already retried marks it retried, logs the visitor out and navigates to /login
 * (unless a session renewal is set: then the owner signs in again in place and it is sent again).
 * Every failure is an ApiError: status 0 when no answer came (see fetchAnswer), else the server's.
 */
export interface ApiRequestInit extends RequestInit {
  /** Set once a request has been through the 401 handling, so it never loops. */
  retried?: boolean;
  /**
   * The caller answers a 401 itself: the operator's screen, whose sign-in is its own token,
   * not the owners' /login.
   */
  ownSignIn?: boolean;
}

export interface ApiClientHooks {
  logOut: () => void;
  navigate: (path: string) => void;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** For a request that broke the server's schema: each field's problem (the answer's `issues`). */
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** An ApiError with this status got no answer at all: the connection failed or timed out. */
export const noAnswerStatus = 0;

/**
 * How long a call waits for an answer before the visitor is told and offered a retry
 * (docs/decisions/0051-keep-what-the-visitor-did.md): longer than the server takes to give up on a slow
 * database itself (a 503 with its reason is more useful), short enough that nobody waits in vain.
 */
export const answerTimeoutMs = 15_000;

export const noAnswerMessages = {
  unreachable:
    'We could not connect. Please check your internet connection and try again: what you entered is kept.',
  timedOut: `We got no answer in ${answerTimeoutMs / 1000} seconds. Please check your internet connection and try again: what you entered is kept.`,
} as const;

/**
 * A failed fetch or body read as the ApiError it means: a TypeError is a lost connection, a
 * TimeoutError our time limit. Anything else (the caller's own abort, bad JSON) passes through.
 */
function asNoAnswer(error: unknown): unknown {
  // By name: the DOMException may come from another realm (a test's DOM, Node's fetch).
  const name = error instanceof Error ? error.name : undefined;
  if (name === 'TimeoutError') return new ApiError(noAnswerStatus, noAnswerMessages.timedOut);
  if (name === 'TypeError') return new ApiError(noAnswerStatus, noAnswerMessages.unreachable);
  return error;
}

/**
 * fetch with a time limit, for every call the browser makes (our API and the e-mail relay): no
 * answer within `timeoutMs`, or no connection, rejects with an ApiError of status 0. A caller that
 * brings its own signal decides itself when to give up.
 */
export async function fetchAnswer(
  url: string,
  init: RequestInit = {},
  timeoutMs = answerTimeoutMs,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw asNoAnswer(error);
  }
}

/** Reads a body under the same time limit (a server can stall after the headers). */
export async function readAnswer<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    throw asNoAnswer(error);
  }
}

let hooks: ApiClientHooks = { logOut: () => {}, navigate: () => {} };

/** The app shell wires the store and the router in once at start-up. */
export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

/**
 * Where the 401 rule sends the visitor: /login, with the page they were on as `next` so that
 * signing in brings them back (not for the sign-in pages themselves).
 */
export function loginPathFor(here: string | undefined): string {
  if (!here || here === '/' || /^\/login(\/|\?|$)/.test(here)) return '/login';
  return `/login?next=${encodeURIComponent(here)}`;
}

let renewSession: (() => Promise<boolean>) | undefined;

/**
 * While set (the back office, once the owner is signed in), a 401 asks the owner to sign in again
 * where they are, and the request is sent once more if they did: an edit survives an expired
 * session. `renew` resolves false when the owner gives up; then the 401 rule applies as usual.
 */
export function setSessionRenewal(renew: (() => Promise<boolean>) | undefined): void {
  renewSession = renew;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function apiFetch(path: string, init: ApiRequestInit = {}): Promise<Response> {
  const { retried, ownSignIn, ...requestInit } = init;
  if (!safeMethods.has((requestInit.method ?? 'GET').toUpperCase())) {
    // Every change carries the header the server's cross-site check asks for (owner API).
    const headers = new Headers(requestInit.headers);
    headers.set(csrfHeader.name, csrfHeader.value);
    requestInit.headers = headers;
  }
  const response = await fetchAnswer(path, { ...requestInit, credentials: 'include' });
  if (response.status === 401 && !retried && !ownSignIn) {
    init.retried = true;
    if (renewSession && (await renewSession())) {
      return apiFetch(path, { ...requestInit, retried: true });
    }
    signOutAfter401();
  }
  return response;
}

/** The 401 rule: log out and go to /login, coming back here after signing in. */
function signOutAfter401(): void {
  hooks.logOut();
  const here =
    typeof window === 'undefined' ? undefined : window.location.pathname + window.location.search;
  hooks.navigate(loginPathFor(here));
}

/**
 * How long an upload may take: a 10 MB photo on a slow phone connection (1 Mbit/s up) needs
 * about 80 s, and the server then encodes it for a few seconds.
 */
export const uploadTimeoutMs = 120_000;

/**
 * POSTs a form with files and reports how much is sent (`onProgress`, 0 to 1). The one call not
 * made with fetch: fetch reports no upload progress (a streamed request body needs HTTP/2 and
 * still says nothing of what was sent), XMLHttpRequest's `upload.onprogress` does. Everything
 * else is apiJson's: the cross-site header, credentials, the 401 rule, ApiError with the
 * server's message, status 0 with the no-answer message. Answers the parsed JSON body.
 */
export function apiUpload(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void = () => {},
  retried = false,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.timeout = uploadTimeoutMs;
    request.setRequestHeader(csrfHeader.name, csrfHeader.value);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(noAnswerStatus, noAnswerMessages.unreachable));
    request.ontimeout = () =>
      reject(
        new ApiError(
          noAnswerStatus,
          `The upload got no answer in ${uploadTimeoutMs / 1000} seconds. Please check your internet connection and try again.`,
        ),
      );
    request.onload = () => {
      let body: unknown = null;
      try {
        body = request.responseText ? (JSON.parse(request.responseText) as unknown) : null;
      } catch {
        // not JSON: the status decides, with a plain message
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body);
        return;
      }
      if (request.status === 401 && renewSession && !retried) {
        // As apiFetch: the owner signs in again where they are, and the upload is sent again.
        void renewSession().then((renewed) => {
          if (renewed) resolve(apiUpload(path, form, onProgress, true));
          else {
            signOutAfter401();
            reject(new ApiError(401, 'Please sign in again to upload.'));
          }
        }, reject);
        return;
      }
      if (request.status === 401) signOutAfter401();
      const message =
        body !== null && typeof body === 'object' && 'message' in body
          ? String(body.message)
          : `The upload failed with status ${request.status}.`;
      reject(new ApiError(request.status, message));
    };
    request.send(form);
  });
}

function isFieldIssue(value: unknown): value is FieldIssue {
  const issue = value as Partial<FieldIssue> | null;
  return typeof issue?.path === 'string' && typeof issue.message === 'string';
}

/** A refused answer as an ApiError: the server's message and, for a bad request, its issues. */
export async function readApiError(response: Response): Promise<ApiError> {
  const text = await readAnswer(response.text());
  try {
    const body = JSON.parse(text) as { message?: unknown; issues?: unknown };
    if (typeof body.message === 'string') {
      const issues = Array.isArray(body.issues) ? body.issues.filter(isFieldIssue) : [];
      return new ApiError(response.status, body.message, issues);
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return new ApiError(
    response.status,
    text || response.statusText || `Request failed with status ${response.status}`,
  );
}

/**
 * GET or POST JSON; a non-2xx answer becomes an ApiError with the server's message. The answer is
 * `unknown`: the caller parses it with the shared schema of what it asked for (src/common).
 */
export async function apiJson(path: string, init: ApiRequestInit = {}): Promise<unknown> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  headers.set('accept', 'application/json');
  const response = await apiFetch(path, { ...init, headers });
  if (!response.ok) throw await readApiError(response);
  if (response.status === 204) return null;
  return (await readAnswer(response.json())) as unknown;
}
