/**
 * The owner's session cookie. In production it is `__Host-hs_owner`: the prefix makes the browser
 * refuse it unless it is Secure, for this exact host and Path=/, so no sibling subdomain can set
 * or overwrite it. Locally (plain http) it is `hs_owner` without Secure. Always HttpOnly (script
 * cannot read it) and SameSite=Lax (other sites' forms and scripts do not send it on a POST).
 */
export function sessionCookieName(production: boolean): string {
  return production ? '__Host-hs_owner' : 'hs_owner';
}

const tokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

/** The session token in a Cookie header, if it holds one of the right shape. */
export function sessionTokenFrom(
  cookieHeader: string | undefined,
  production: boolean,
): string | undefined {
  if (!cookieHeader) return undefined;
  const name = sessionCookieName(production);
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    if (tokenPattern.test(value)) return value;
  }
  return undefined;
}

function attributes(production: boolean, maxAgeSeconds: number): string[] {
  const list = [`Max-Age=${maxAgeSeconds}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (production) list.push('Secure');
  return list;
}

/** Set-Cookie for a new session; the browser drops it at the absolute expiry at the latest. */
export function sessionCookieHeader(token: string, production: boolean, maxAgeMs: number): string {
  const maxAge = Math.max(1, Math.floor(maxAgeMs / 1000));
  return [`${sessionCookieName(production)}=${token}`, ...attributes(production, maxAge)].join(
    '; ',
  );
}

/** Set-Cookie that removes the session cookie. */
export function clearedSessionCookieHeader(production: boolean): string {
  return [`${sessionCookieName(production)}=`, ...attributes(production, 0)].join('; ');
}
