import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The known-device cookie: a browser that has signed in to an account with its password (or set
 * one from a link) carries proof of it, and the account-wide sign-in delay does not apply to it
 * (docs/decisions/0049-sign-in-throttle.md). The proof is an HMAC of the account's id keyed by its
 * stored password hash: no server secret to configure or share between instances, nothing stored
 * per device, and a new password (a reset) ends every old proof. The cookie is HttpOnly and
 * SameSite=Strict (only the sign-in form on this very site needs it), and `__Host-` + Secure in
 * production like the session cookie.
 */
export function deviceCookieName(production: boolean): string {
  return production ? '__Host-hs_device' : 'hs_device';
}

const proofPattern = /^[A-Za-z0-9_-]{43}$/;
const maxAgeSeconds = 400 * 24 * 60 * 60;

export function deviceProof(ownerId: number, passwordHash: string): string {
  return createHmac('sha256', passwordHash).update(`known-device:${ownerId}`).digest('base64url');
}

/** Whether the Cookie header proves this browser signed in to the account with its password. */
export function isKnownDevice(
  cookieHeader: string | undefined,
  production: boolean,
  owner: { id: number; passwordHash: string },
): boolean {
  const sent = deviceProofFrom(cookieHeader, production);
  if (!sent) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(deviceProof(owner.id, owner.passwordHash)));
}

function deviceProofFrom(cookieHeader: string | undefined, production: boolean) {
  if (!cookieHeader) return undefined;
  const name = deviceCookieName(production);
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    if (proofPattern.test(value)) return value;
  }
  return undefined;
}

/** Set-Cookie for the proof; kept for 400 days, the longest browsers allow. */
export function deviceCookieHeader(proof: string, production: boolean): string {
  const list = [
    `${deviceCookieName(production)}=${proof}`,
    `Max-Age=${maxAgeSeconds}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (production) list.push('Secure');
  return list.join('; ');
}
