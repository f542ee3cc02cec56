import { csrfHeader } from '@common/csrf-header';

/**
 * The one fetch wrapper for our back end (spec sections 4 and 7): credentials included; a 401 on
 * a request not already retried marks it retried, logs the visitor out and navigates to /login.
 */
export interface ApiRequestInit extends RequestInit {
  /** Set once a request has been through the 401 handling, so it never loops. */
  retried?: boolean;
}

export interface ApiClientHooks {
  logOut: () => void;
  navigate: (path: string) => void;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
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

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function apiFetch(path: string, init: ApiRequestInit = {}): Promise<Response> {
  const { retried, ...requestInit } = init;
  if (!safeMethods.has((requestInit.method ?? 'GET').toUpperCase())) {
    // Every change carries the header the server's cross-site check asks for (owner API).
    const headers = new Headers(requestInit.headers);
    headers.set(csrfHeader.name, csrfHeader.value);
    requestInit.headers = headers;
  }
  const response = await fetch(path, { ...requestInit, credentials: 'include' });
  if (response.status === 401 && !retried) {
    init.retried = true;
    hooks.logOut();
    const here =
      typeof window === 'undefined' ? undefined : window.location.pathname + window.location.search;
    hooks.navigate(loginPathFor(here));
  }
  return response;
}

async function readErrorMessage(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: fall through to the raw text
  }
  return text || response.statusText || `Request failed with status ${response.status}`;
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
  if (!response.ok) throw new ApiError(response.status, await readErrorMessage(response));
  if (response.status === 204) return null;
  return (await response.json()) as unknown;
}
