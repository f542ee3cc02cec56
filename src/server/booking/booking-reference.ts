import { createHash, randomBytes } from 'node:crypto';

/**
 * A booking's reference and its manage link's token (issue 17). The reference is what a visitor
 * reads out on the phone: 8 characters of Crockford base32 (no I, L, O, U), 40 random bits, so it
 * cannot be guessed from another booking's. It names a booking but opens nothing: the manage link
 * carries a separate 256-bit token, of which only the SHA-256 is stored.
 */

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 8 Crockford base32 characters from 5 random bytes. */
export function newBookingReference(bytes: Uint8Array = randomBytes(5)): string {
  let bits = 0n;
  for (const byte of bytes.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 7; i >= 0; i--) out += crockford[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

/** Reads a reference as typed: upper case, O as 0, I and L as 1, spaces and dashes dropped. */
export function normaliseBookingReference(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

export function hashManageToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A manage link's token (32 random bytes, base64url) and the hash to store. */
export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashManageToken(token) };
}

/** A token as it may appear in a link: 43 base64url characters. */
export const manageTokenPattern = /^[A-Za-z0-9_-]{43}$/;
