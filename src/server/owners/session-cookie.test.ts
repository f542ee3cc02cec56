import { describe, expect, it } from 'vitest';
import {
  clearedSessionCookieHeader,
  sessionCookieHeader,
  sessionTokenFrom,
} from './session-cookie.js';

const token = 'A'.repeat(43);

describe('session cookie', () => {
  it('is __Host- prefixed and Secure in production, plain locally, always HttpOnly and Lax', () => {
    expect(sessionCookieHeader(token, true, 60_000)).toBe(
      `__Host-hs_owner=${token}; Max-Age=60; Path=/; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(sessionCookieHeader(token, false, 60_000)).toBe(
      `hs_owner=${token}; Max-Age=60; Path=/; HttpOnly; SameSite=Lax`,
    );
    expect(clearedSessionCookieHeader(true)).toContain('__Host-hs_owner=; Max-Age=0');
  });

  it('reads only its own cookie, and only a value shaped like a token', () => {
    expect(sessionTokenFrom(`hs_client=SE; hs_owner=${token}`, false)).toBe(token);
    expect(sessionTokenFrom(`hs_owner=${token}`, true)).toBeUndefined();
    expect(sessionTokenFrom(`__Host-hs_owner=${token}`, true)).toBe(token);
    expect(sessionTokenFrom('hs_owner=<script>', false)).toBeUndefined();
    expect(sessionTokenFrom(undefined, false)).toBeUndefined();
  });
});
