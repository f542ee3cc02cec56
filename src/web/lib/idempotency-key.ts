/**
 * A fresh key per submission attempt; the form keeps it until the send succeeds. A module of its
 * own so the cart can use it without loading the e-mail client into the shop's screens (budget).
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
