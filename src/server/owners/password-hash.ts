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
 * OWASP's scrypt setting (Password Storage Cheat Sheet): N=2^17, r=8, p=1, 128 MiB per hash.
 * Hashes made with less are re-made at the owner's next sign-in (`needsRehash`); the time it
 * costs is in docs/decisions/0027-owner-sessions.md.
 */
export const defaultScryptCost: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const keyLength = 32;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128·N·r bytes (plus 128·r·p); Node refuses above maxmem (32 MiB by default).
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

interface StoredHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parseStoredHash(stored: string): StoredHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20) return undefined;
  const key = Buffer.from(parts[5]!, 'base64url');
  if (key.length !== keyLength) return undefined;
  return { cost: { N, r, p }, salt: Buffer.from(parts[4]!, 'base64url'), key };
}

/** False for a wrong password and for a hash that is not ours; compares in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.cost);
  return timingSafeEqual(key, parsed.key);
}

/**
 * Whether a stored hash was made with less than `cost` (an older default): the sign-in that has
 * just proved the password then stores a new hash at today's cost.
 */
export function needsRehash(stored: string, cost: ScryptCost = defaultScryptCost): boolean {
  const parsed = parseStoredHash(stored);
  if (!parsed) return true;
  return parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the same time as checking a real password, for an e-mail address with no account: the
 * answer's timing does not tell which addresses have one. `cost` is the accounts' cost.
 */
export async function verifyAgainstNothing(
  password: string,
  cost: ScryptCost = defaultScryptCost,
): Promise<false> {
  const costKey = `${cost.N}$${cost.r}$${cost.p}`;
  let dummy = dummyHashes.get(costKey);
  if (!dummy) {
    dummy = hashPassword('no account has this password', cost);
    dummyHashes.set(costKey, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}
