import { describe, expect, it } from 'vitest';
import { createFormTokens, formTokenLifetimeMs, minimumFormAgeMs } from './form-token.js';

describe('form tokens', () => {
  const tokens = createFormTokens('test-secret');
  const issuedAt = 1_800_000_000_000;

  it('verifies its own token for its client once the form is 2 s old, with a per-token id', () => {
    const token = tokens.issue('RRB', issuedAt);
    const session = tokens.read(token, 'RRB', issuedAt + minimumFormAgeMs);
    expect(session).toMatchObject({ kind: 'verified', ageMs: minimumFormAgeMs });
    const other = tokens.read(tokens.issue('RRB', issuedAt), 'RRB', issuedAt + 5000);
    expect(
      other.kind === 'verified' && session.kind === 'verified' && other.id !== session.id,
    ).toBe(true);
  });

  it('calls a form sent within 2 s of its token too fast', () => {
    const token = tokens.issue('RRB', issuedAt);
    expect(tokens.read(token, 'RRB', issuedAt + 500)).toEqual({
      kind: 'unverified',
      reason: 'too-fast',
    });
  });

  it('refuses a missing, malformed, forged, foreign or expired token', () => {
    const token = tokens.issue('RRB', issuedAt);
    const later = issuedAt + 10_000;
    expect(tokens.read(undefined, 'RRB', later)).toMatchObject({ reason: 'missing' });
    expect(tokens.read('v1.RRB.x', 'RRB', later)).toMatchObject({ reason: 'malformed' });
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(tokens.read(forged, 'RRB', later)).toMatchObject({ reason: 'bad-signature' });
    expect(createFormTokens('other-secret').read(token, 'RRB', later)).toMatchObject({
      reason: 'bad-signature',
    });
    expect(tokens.read(token, 'JS', later)).toMatchObject({ reason: 'other-client' });
    expect(tokens.read(token, 'RRB', issuedAt + formTokenLifetimeMs + 1)).toMatchObject({
      reason: 'expired',
    });
  });
});
