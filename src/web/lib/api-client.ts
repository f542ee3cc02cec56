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

export async function apiFetch(path: string, init: ApiRequestInit = {}): Promise<Response> {
  const { retried, ...requestInit } = init;
  const response = await fetch(path, { ...requestInit, credentials: 'include' });
  if (response.status === 401 && !retried) {
    init.retried = true;
    hooks.logOut();
    hooks.navigate('/login');
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
  return (await response.json()) as unknown;
}
