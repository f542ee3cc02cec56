import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The operator's sign-in (docs/decisions/0080-the-operators-screen.md): OPERATOR_TOKEN typed once
 * on /operator gives a cookie holding its expiry signed with the token (HMAC-SHA256). Nothing is
 * stored: every instance checks it alike, and changing OPERATOR_TOKEN signs every operator out.
 * HttpOnly, SameSite=Strict, and `__Host-` + Secure in production, as the owner's cookie.
 */

export const operatorSessionMs = 8 * 60 * 60_000;

export function operatorCookieName(production: boolean): string {
  return production ? '__Host-hs_operator' : 'hs_operator';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the given text is the token; the time taken does not depend on where they differ. */
export function isOperatorToken(given: string, token: string): boolean {
  return given !== '' && timingSafeEqual(digest(given), digest(token));
}

/** Also for scripts: `Authorization: Bearer <OPERATOR_TOKEN>` instead of the cookie. */
export function bearerOf(authorization: string | undefined): string {
  return /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
}

const signature = (token: string, expiresAt: number) =>
  createHmac('sha256', token).update(`operator-session:${expiresAt}`).digest('base64url');

export function operatorCookieHeader(token: string, production: boolean, now = Date.now()): string {
  const expiresAt = now + operatorSessionMs;
  return [
    `${operatorCookieName(production)}=${expiresAt}.${signature(token, expiresAt)}`,
    `Max-Age=${Math.floor(operatorSessionMs / 1000)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    ...(production ? ['Secure'] : []),
  ].join('; ');
}

export function clearedOperatorCookieHeader(production: boolean): string {
  return [
    `${operatorCookieName(production)}=`,
    'Max-Age=0',
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    ...(production ? ['Secure'] : []),
  ].join('; ');
}

/** Whether the Cookie header holds an operator session signed with this token, not expired. */
export function hasOperatorSession(
  cookieHeader: string | undefined,
  token: string,
  production: boolean,
  now = Date.now(),
): boolean {
  const name = operatorCookieName(production);
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(part.slice(at + 1).trim());
    if (!match) continue;
    const expiresAt = Number(match[1]);
    if (expiresAt <= now || expiresAt > now + operatorSessionMs) continue;
    const expected = Buffer.from(signature(token, expiresAt));
    const given = Buffer.from(match[2]!);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}
