import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box.js';

describe('secret box', () => {
  const key = randomBytes(32);
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = sealSecret(key, 'SE', 'sk_test_abc123456789');
    expect(sealed).not.toContain('sk_test');
    expect(openSecret(key, 'SE', sealed)).toBe('sk_test_abc123456789');
  });
  it('refuses another key, another client, or a changed value', () => {
    const sealed = sealSecret(key, 'SE', 'sk_test_abc123456789');
    expect(() => openSecret(randomBytes(32), 'SE', sealed)).toThrow();
    expect(() => openSecret(key, 'RRB', sealed)).toThrow();
    const parts = sealed.split('.');
    // Another first character, whatever it was (writing 'A' over an 'A' would change nothing).
    const sealedText = parts[3] ?? '';
    const other = sealedText.startsWith('A') ? 'B' : 'A';
    const changed = [...parts.slice(0, 3), other + sealedText.slice(1)].join('.');
    expect(() => openSecret(key, 'SE', changed)).toThrow();
  });
});
