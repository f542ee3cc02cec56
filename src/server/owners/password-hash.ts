import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Owner passwords are hashed with scrypt (memory-hard, in node:crypto: no native package to
 * install). The hash string carries its own salt and cost, `scrypt$N$r$p$salt$hash` (base64url),
 * so the cost can be raised later and old hashes still verify.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * N=2^15, r=8: 32 MiB and about 50-100 ms per hash on one core; OWASP's lowest recommended
 * scrypt setting is this memory with p=3, but a small host signing in several owners at once
 * should not stall (docs/decisions/owner-sessions.md).
 */
export const defaultScryptCost: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

const keyLength = 32;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * 2 + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(
  password: string,
  cost: ScryptCost = defaultScryptCost,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** False for a wrong password and for a hash that is not ours; compares in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length !== keyLength) return false;
  const key = await derive(password, salt, { N, r, p });
  return timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for an e-mail address with no account: the
 * answer's timing does not tell which addresses have one.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no account has this password');
  await verifyPassword(password, await dummyHash);
  return false;
}
