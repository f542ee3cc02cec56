import { apiFetch } from '@/lib/api-client';

/**
 * Spec section 4: the failure screen POSTs {message: 'test'} to a diagnostic address and only logs
 * the answer. Our own endpoint goes through the API client; an external address is called without
 * cookies, as a plain cross-origin request.
 */
export async function sendFailureProbe(url: string): Promise<void> {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'test' }),
  };
  try {
    const response = url.startsWith('/')
      ? await apiFetch(url, init)
      : await fetch(url, { ...init, credentials: 'omit', mode: 'cors' });
    console.info('Failure probe answered', response.status, await response.text());
  } catch (error) {
    // The visitor already sees the failure text; a probe that cannot be sent is only worth a log line.
    console.warn('Failure probe could not be sent', error);
  }
}
