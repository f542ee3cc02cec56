import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password-hash.js';

const cheap = { N: 1024, r: 8, p: 1 };

describe('password hashes', () => {
  it('carry their cost, so an older, cheaper hash still verifies', async () => {
    const old = await hashPassword('copper kettle walk', cheap);
    expect(old).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('copper kettle walk', old)).toBe(true);
    expect(await verifyPassword('copper kettle walk!', old)).toBe(false);
    expect(await verifyPassword('copper kettle walk', 'bcrypt$whatever')).toBe(false);
  });

  it('need re-making when made with less than the cost asked for', () => {
    const at = (N: number, r = 8, p = 1) => `scrypt$${N}$${r}$${p}$c2FsdA$${'a'.repeat(43)}`;
    expect(needsRehash(at(2 ** 15))).toBe(true);
    expect(needsRehash(at(2 ** 17))).toBe(false);
    expect(needsRehash(at(2 ** 17, 4))).toBe(true);
    expect(needsRehash(at(2 ** 18))).toBe(false);
    expect(needsRehash(at(1024), cheap)).toBe(false);
    expect(needsRehash('not ours')).toBe(true);
  });
});
