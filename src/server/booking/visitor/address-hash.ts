import { createHash, createHmac } from 'node:crypto';

/**
 * What a booking stores of the visitor's network address (issue 30, docs/decisions/0034-anti-hogging.md):
 * never the address itself, but a hash the per-address caps can compare. Keyed with
 * FORM_TOKEN_SECRET when the operator sets one (every instance and restart then agrees, and the
 * stored hashes say nothing without the secret); without it, a plain SHA-256 of client and
 * address, stable across instances too. A per-process random key would let a restart or a second
 * instance forget every address's bookings, so it is not used.
 */
export function bookingAddressHash(
  address: string,
  clientCode: string,
  secret: string | undefined,
): string {
  const input = `booking-address\u0000${clientCode}\u0000${address}`;
  return secret
    ? createHmac('sha256', secret).update(input).digest('hex')
    : createHash('sha256').update(input).digest('hex');
}
