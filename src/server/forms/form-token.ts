import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Form sessions (docs/decisions/0028-limits-that-protect-customers.md). A page that shows a form asks
 * for a token (GET /api/form-token) when the form appears and sends it with the form
 * (X-Form-Token). The token is signed, names its client and the time it was issued, and carries
 * a random id: the id is what the per-session limit counts. A token younger than
 * `minimumAgeMs` (2 s) means the form was filled faster than a person can: suspicious.
 */
export const formTokenHeader = 'x-form-token';
export const formTokenLifetimeMs = 6 * 60 * 60_000;
export const minimumFormAgeMs = 2000;

export type FormSession =
  | { kind: 'verified'; id: string; ageMs: number }
  | {
      kind: 'unverified';
      reason: 'missing' | 'malformed' | 'bad-signature' | 'other-client' | 'expired' | 'too-fast';
    };

export interface FormTokens {
  issue: (clientCode: string, now?: number) => string;
  read: (token: unknown, clientCode: string, now?: number) => FormSession;
}

const tokenPattern =
  /^v1\.([A-Za-z0-9]{1,8})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

/** Tokens signed with `secret` (FORM_TOKEN_SECRET; random per process when unset). */
export function createFormTokens(secret: string = randomBytes(32).toString('hex')): FormTokens {
  const sign = (payload: string) =>
    createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    issue: (clientCode, now = Date.now()) => {
      const payload = `v1.${clientCode}.${now.toString(36)}.${randomBytes(12).toString('base64url')}`;
      return `${payload}.${sign(payload)}`;
    },
    read: (token, clientCode, now = Date.now()) => {
      if (typeof token !== 'string' || token === '')
        return { kind: 'unverified', reason: 'missing' };
      const match = tokenPattern.exec(token);
      if (!match) return { kind: 'unverified', reason: 'malformed' };
      const [, client, issuedAt, id, signature] = match as unknown as [
        string,
        string,
        string,
        string,
        string,
      ];
      const expected = Buffer.from(sign(token.slice(0, token.lastIndexOf('.'))));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return { kind: 'unverified', reason: 'bad-signature' };
      }
      if (client !== clientCode) return { kind: 'unverified', reason: 'other-client' };
      const ageMs = now - parseInt(issuedAt, 36);
      if (ageMs > formTokenLifetimeMs || ageMs < -60_000) {
        return { kind: 'unverified', reason: 'expired' };
      }
      if (ageMs < minimumFormAgeMs) return { kind: 'unverified', reason: 'too-fast' };
      return { kind: 'verified', id, ageMs };
    },
  };
}
