import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed link of a review request (docs/decisions/0064-reviews-the-owner-runs.md):
 * `r1.<client>.<request id>.<HMAC-SHA256 of the rest>`, signed with the server's secret
 * (FORM_TOKEN_SECRET), so a changed id or client is refused before any lookup. Whether it has
 * been used is the request row's business (a token works once).
 */
const tokenPattern = /^r1\.([A-Za-z0-9]{1,8})\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

export function signReviewToken(secret: string, clientCode: string, requestId: number): string {
  const payload = `r1.${clientCode}.${requestId}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The request id a token names for this client, or undefined when malformed, forged or another's. */
export function readReviewToken(
  secret: string,
  token: string,
  clientCode: string,
): number | undefined {
  const match = tokenPattern.exec(token);
  if (!match) return undefined;
  const [, client, id, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `r1.${client}.${id}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return client === clientCode ? Number(id) : undefined;
}
