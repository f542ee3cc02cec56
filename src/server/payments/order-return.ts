import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Issue 36, the visitor's way back from Stripe: /checkout/paid and /checkout/not-paid carry the
 * order number and this token, and GET /api/orders/:orderNumber/payment-status answers only with
 * it. It is an HMAC of the client and order number under a key derived from
 * PAYMENTS_ENCRYPTION_KEY, so it needs no column, only the buyer's browser ever sees it (in the
 * return addresses Stripe sends it back to), and nobody can make one for another's order.
 */
function returnKey(encryptionKey: Buffer): Buffer {
  // Its own key, not the sealing key itself: one key, one purpose.
  return createHmac('sha256', encryptionKey).update('highstreet order return v1').digest();
}

export function orderReturnToken(
  encryptionKey: Buffer,
  clientCode: string,
  orderNumber: string,
): string {
  return createHmac('sha256', returnKey(encryptionKey))
    .update(`${clientCode}\n${orderNumber}`)
    .digest('base64url');
}

/** True when `token` is this order's; compared in constant time. */
export function isOrderReturnToken(
  encryptionKey: Buffer,
  clientCode: string,
  orderNumber: string,
  token: string,
): boolean {
  const expected = Buffer.from(orderReturnToken(encryptionKey, clientCode, orderNumber));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Where Stripe sends the visitor back: paid, or cancelled (the order stays, unpaid). */
export function orderReturnUrls(
  returnBase: string,
  orderNumber: string,
  token: string,
): { success_url: string; cancel_url: string } {
  const query = `order=${encodeURIComponent(orderNumber)}&token=${encodeURIComponent(token)}`;
  return {
    success_url: `${returnBase}/checkout/paid?${query}`,
    cancel_url: `${returnBase}/checkout/not-paid?${query}`,
  };
}
