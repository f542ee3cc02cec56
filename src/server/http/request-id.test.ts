import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createRequestIds, trustedPeer } from './request-id.js';

const requestFrom = (remoteAddress: string, id?: string) =>
  ({
    headers: id === undefined ? {} : { 'x-request-id': id },
    socket: { remoteAddress },
  }) as unknown as IncomingMessage;

describe('trustedPeer', () => {
  it('trusts nobody when TRUST_PROXY is off', () => {
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
  });
  it('trusts the nearest hop with a hop count', () => {
    expect(trustedPeer(1)('203.0.113.9')).toBe(true);
  });
  it('trusts listed addresses, CIDRs and names, IPv4 peers written as IPv6 included', () => {
    const trusted = trustedPeer(['127.0.0.1', '10.0.0.0/8', 'uniquelocal', '2001:db8::/32']);
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('::ffff:127.0.0.1')).toBe(true);
    expect(trusted('10.1.2.3')).toBe(true);
    expect(trusted('192.168.1.1')).toBe(true);
    expect(trusted('2001:db8::1')).toBe(true);
    expect(trusted('127.0.0.2')).toBe(false);
    expect(trusted('203.0.113.9')).toBe(false);
    expect(trusted(undefined)).toBe(false);
    expect(trustedPeer(['loopback'])('127.5.5.5')).toBe(true);
    expect(trustedPeer(['loopback'])('::1')).toBe(true);
  });
});

describe('createRequestIds', () => {
  const ids = createRequestIds(['127.0.0.1']);
  it("takes a trusted proxy's X-Request-Id", () => {
    expect(ids(requestFrom('127.0.0.1', '9f1c0e0d5b2a4c8e9f1c0e0d5b2a4c8e'))).toBe(
      '9f1c0e0d5b2a4c8e9f1c0e0d5b2a4c8e',
    );
  });
  it("makes a new one for anyone else's, a malformed one, or none", () => {
    const made = [
      ids(requestFrom('203.0.113.9', 'chosen-by-the-visitor')),
      ids(requestFrom('127.0.0.1', 'has spaces "and quotes"')),
      ids(requestFrom('127.0.0.1', 'x'.repeat(129))),
      ids(requestFrom('127.0.0.1')),
    ];
    for (const id of made)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(made).size).toBe(made.length);
  });
});
