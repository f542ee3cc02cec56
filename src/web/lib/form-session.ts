import { useEffect } from 'react';
import { fetchAnswer } from './api-client';

/**
 * The form session (docs/decisions/0028-limits-that-protect-customers.md): when a form appears, the
 * page asks its server for a signed token (GET /api/form-token) and sends it with the form
 * (X-Form-Token). With it, a customer is limited only by their own sends, never by what others
 * (or a flood of bots) sent to the same shop. Without it (the request failed) the form still
 * sends, as an unverified request.
 */
let pending: Promise<string | undefined> | undefined;

/** The token is optional, so a send waits for it only briefly before going without it. */
const formTokenTimeoutMs = 5_000;

function formToken(): Promise<string | undefined> {
  pending ??= fetchAnswer(
    '/api/form-token',
    { credentials: 'same-origin', headers: { accept: 'application/json' } },
    formTokenTimeoutMs,
  )
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : undefined))
    .then((body) => {
      const token = (body as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string') pending = undefined;
      return typeof token === 'string' ? token : undefined;
    })
    .catch(() => {
      pending = undefined;
      return undefined;
    });
  return pending;
}

/** Starts the form session as soon as the form is on screen (the 2 s time-trap counts from here). */
export function useFormSession(): void {
  useEffect(() => {
    void formToken();
  }, []);
}

/** The header that carries the form session; empty when there is none. */
export async function formSessionHeaders(): Promise<Record<string, string>> {
  const token = await formToken();
  return token ? { 'x-form-token': token } : {};
}
