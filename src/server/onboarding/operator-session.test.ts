import { describe, expect, it } from 'vitest';
import {
  hasOperatorSession,
  isOperatorToken,
  operatorCookieHeader,
  operatorSessionMs,
} from './operator-session.js';

const token = 'an-operator-token-of-some-length';
const cookieOf = (header: string) => header.split(';')[0]!;

describe('the operator session cookie', () => {
  it('is accepted with the token that signed it until it expires', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const cookie = cookieOf(operatorCookieHeader(token, false, now));
    expect(cookie).toMatch(/^hs_operator=\d{13}\.[A-Za-z0-9_-]{43}$/);
    expect(hasOperatorSession(`a=b; ${cookie}`, token, false, now + 1000)).toBe(true);
    expect(hasOperatorSession(cookie, token, false, now + operatorSessionMs)).toBe(false);
    // Another token (OPERATOR_TOKEN changed): every session ends.
    expect(hasOperatorSession(cookie, `${token}-new`, false, now + 1000)).toBe(false);
    // The production name only in production.
    expect(hasOperatorSession(cookie, token, true, now + 1000)).toBe(false);
  });

  it('refuses an expiry moved forward, or a signature changed', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const cookie = cookieOf(operatorCookieHeader(token, false, now));
    const [, value] = cookie.split('=');
    const [expiry, signed] = value!.split('.');
    const later = `hs_operator=${Number(expiry) + 60_000}.${signed}`;
    expect(hasOperatorSession(later, token, false, now)).toBe(false);
    const flipped = `hs_operator=${expiry}.${signed!.startsWith('A') ? 'B' : 'A'}${signed!.slice(1)}`;
    expect(hasOperatorSession(flipped, token, false, now)).toBe(false);
  });

  it('compares the token whole', () => {
    expect(isOperatorToken(token, token)).toBe(true);
    expect(isOperatorToken(token.slice(0, -1), token)).toBe(false);
    expect(isOperatorToken('', token)).toBe(false);
  });
});
