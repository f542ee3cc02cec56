import { describe, expect, it } from 'vitest';
import { deviceCookieHeader, deviceProof, isKnownDevice } from './known-device.js';

const owner = { id: 7, passwordHash: 'scrypt$131072$8$1$c2FsdA$a2V5' };

describe('known-device cookie', () => {
  it('is HttpOnly, SameSite=Strict, long-lived, and __Host- + Secure in production', () => {
    const proof = deviceProof(owner.id, owner.passwordHash);
    expect(deviceCookieHeader(proof, false)).toBe(
      `hs_device=${proof}; Max-Age=34560000; Path=/; HttpOnly; SameSite=Strict`,
    );
    expect(deviceCookieHeader(proof, true)).toMatch(/^__Host-hs_device=.*; Secure$/);
  });

  it('proves the account it was made for, until the password changes', () => {
    const cookie = `hs_owner=x; hs_device=${deviceProof(owner.id, owner.passwordHash)}`;
    expect(isKnownDevice(cookie, false, owner)).toBe(true);
    expect(isKnownDevice(cookie, true, owner)).toBe(false);
    expect(isKnownDevice(cookie, false, { ...owner, id: 8 })).toBe(false);
    expect(isKnownDevice(cookie, false, { ...owner, passwordHash: `${owner.passwordHash}x` })).toBe(
      false,
    );
    expect(isKnownDevice(undefined, false, owner)).toBe(false);
    expect(isKnownDevice('hs_device=short', false, owner)).toBe(false);
  });
});
