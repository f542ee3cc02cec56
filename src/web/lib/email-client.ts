/**
 * The EmailJS REST contract (spec section 7.5, DESIGN.md): POST {base}/api/v1.0/email/send with
 * lib_version, user_id, service_id, template_id, template_params. Success is status 200 or the
 * text 'OK'; anything else, or a network error, is a failure whose status text is only logged.
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

function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

export async function sendEmail(request: SendEmailRequest): Promise<SendEmailResult> {
  assertSendable(request);
  const sameOrigin = request.baseUrl === '';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // Only our own relay knows the header; a foreign service would refuse it in the CORS preflight.
  if (request.idempotencyKey && sameOrigin) headers['idempotency-key'] = request.idempotencyKey;
  try {
    const response = await fetch(endpoint(request.baseUrl, '/api/v1.0/email/send'), {
      method: 'POST',
      headers,
      credentials: sameOrigin ? 'include' : 'omit',
      body: JSON.stringify({
        lib_version: emailLibVersion,
        user_id: request.userId,
        service_id: request.serviceId,
        template_id: request.templateId,
        template_params: request.templateParams,
      }),
    });
    const text = await response.text();
    const result = { ok: response.status === 200 || text === 'OK', status: response.status, text };
    if (!result.ok) console.warn(`E-mail not sent: ${response.status} ${text}`);
    return result;
  } catch (error) {
    console.warn('E-mail not sent: network error', error);
    return { ok: false, status: 0, text: 'Network error' };
  }
}

/** A fresh key per submission attempt; the form keeps it until the send succeeds. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
