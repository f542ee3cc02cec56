import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Issue 36, the buyer's return pages: what they may see of their own order's payment. */
export async function readOrderPaymentForBuyer(
  db: Kysely<Database>,
  clientCode: string,
  orderNumber: string,
) {
  return db
    .selectFrom('orders')
    .select(['order_number', 'payment_status', 'payment_url', 'gross_pence'])
    .where('client_code', '=', clientCode)
    .where('order_number', '=', orderNumber)
    .executeTakeFirst();
}
