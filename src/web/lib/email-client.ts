import { fetchAnswer, readAnswer } from './api-client';
import { isNoAnswer } from './api-errors';
import { formSessionHeaders } from './form-session';

/**
 * The EmailJS REST contract (spec section 7.5, DESIGN.md): POST {base}/api/v1.0/email/send with
 * lib_version, user_id, service_id, template_id, template_params. Success is status 200 or the
 * text 'OK'; any other answer is a failure whose status text is only logged. No answer at all (no
 * connection, or none in time) rejects with api-client's ApiError of status 0, as our own API
 * calls do, so the form can keep what was typed and offer a retry.
 */
export const emailLibVersion = '4.4.1';

export interface SendEmailRequest {
  /** Base address; empty means this site's own relay. */
  baseUrl: string;
  userId: string | undefined;
  serviceId: string | undefined;
  templateId: string | undefined;
  templateParams: Record<string, unknown>;
  /** Sent as a header so a double click or a retry is accepted once. */
  idempotencyKey?: string;
}

export interface SendEmailResult {
  ok: boolean;
  status: number;
  text: string;
}

/** Throws the SDK's own messages before any request when an id is missing. */
export function assertSendable(request: SendEmailRequest): void {
  if (!request.userId) throw new Error('The public key is required');
  if (!request.serviceId) throw new Error('The service ID is required');
  if (!request.templateId) throw new Error('The template ID is required');
  if (
    typeof request.templateParams !== 'object' ||
    request.templateParams === null ||
    Array.isArray(request.templateParams)
  ) {
    throw new Error('The template params have to be the object');
  }
}

/** The address to call, absolute when the page has one (so it also works outside a page). */
function endpoint(baseUrl: string, path: string): string {
  const url = `${baseUrl.replace(/\/+$/, '')}${path}`;
  return typeof location === 'undefined' ? url : new URL(url, location.href).href;
}

function isSameOrigin(url: string): boolean {
  return typeof location !== 'undefined' && new URL(url).origin === location.origin;
}

async function post(
  url: string,
  init: { headers: Record<string, string>; body: BodyInit },
  idempotencyKey: string | undefined,
): Promise<SendEmailResult> {
  const sameOrigin = isSameOrigin(url);
  const headers = { ...init.headers };
  // Only our own relay knows these headers; a foreign service would refuse them in the CORS
  // preflight.
  if (idempotencyKey && sameOrigin) headers['idempotency-key'] = idempotencyKey;
  if (sameOrigin) Object.assign(headers, await formSessionHeaders());
  try {
    const response = await fetchAnswer(url, {
      method: 'POST',
      headers,
      credentials: sameOrigin ? 'include' : 'omit',
      body: init.body,
    });
    const text = await readAnswer(response.text());
    const result = { ok: response.status === 200 || text === 'OK', status: response.status, text };
    if (!result.ok) console.warn(`E-mail not sent: ${response.status} ${text}`);
    return result;
  } catch (error) {
    if (isNoAnswer(error)) console.warn('E-mail not sent: no answer');
    throw error;
  }
}

export async function sendEmail(request: SendEmailRequest): Promise<SendEmailResult> {
  assertSendable(request);
  return post(
    endpoint(request.baseUrl, '/api/v1.0/email/send'),
    {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        lib_version: emailLibVersion,
        user_id: request.userId,
        service_id: request.serviceId,
        template_id: request.templateId,
        template_params: request.templateParams,
      }),
    },
    request.idempotencyKey,
  );
}

/**
 * The multipart variant (POST {base}/api/v1.0/email/send-form): the same ids, and each template
 * parameter as a form field. The browser sets the multipart boundary itself.
 */
export async function sendEmailForm(request: SendEmailRequest): Promise<SendEmailResult> {
  assertSendable(request);
  const form = new FormData();
  form.set('lib_version', emailLibVersion);
  form.set('user_id', request.userId ?? '');
  form.set('service_id', request.serviceId ?? '');
  form.set('template_id', request.templateId ?? '');
  for (const [name, value] of Object.entries(request.templateParams)) {
    if (value !== undefined && value !== null) form.set(name, String(value));
  }
  return post(
    endpoint(request.baseUrl, '/api/v1.0/email/send-form'),
    { headers: {}, body: form },
    request.idempotencyKey,
  );
}

export { newIdempotencyKey } from './idempotency-key';
