import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CartProduct } from '../../common/cart-rules.js';
import type { OrderMoney, PricedOrderLine } from '../../common/orders.js';
import { saleModeOf, stockOf } from '../../common/product-availability.js';
import type { Database, OrdersTable } from '../db/schema.js';

type Queryable = Kysely<Database> | Transaction<Database>;

/** The catalogue rows an order names, for pricing; other clients' products are never read. */
export async function findProductsForOrder(
  db: Queryable,
  clientCode: string,
  ids: readonly number[],
): Promise<CartProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .select([
      'id',
      'title',
      'price',
      'category',
      'sale_mode',
      'stock_mode',
      'stock_count',
      'lead_time_days',
    ])
    .where('client_code', '=', clientCode)
    .where('id', 'in', [...ids])
    // A hidden product is out of the catalogue for ordering too, not only for its page.
    .where('hidden', '=', 0)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    price: row.price,
    category: row.category,
    saleMode: saleModeOf(row.sale_mode),
    stock: stockOf(row.stock_mode, row.stock_count, row.lead_time_days),
  }));
}

export type StockTaken = { ok: true; counted: boolean } | { ok: false; left: number };

/**
 * Takes `quantity` of a product's counted stock, in the order's transaction. One conditional
 * UPDATE (`stock_count >= quantity`) both checks and takes, so two orders for the last one cannot
 * both succeed: PostgreSQL's row lock makes the second re-read the count after the first commits,
 * and SQLite's write lock runs them one after the other. A product whose stock is not counted is
 * left alone. Refused: how many are left, for the message.
 */
export async function takeStock(
  trx: Transaction<Database>,
  clientCode: string,
  productId: number,
  quantity: number,
): Promise<StockTaken> {
  const result = await trx
    .updateTable('products')
    .set({ stock_count: sql<number>`stock_count - ${quantity}` })
    .where('client_code', '=', clientCode)
    .where('id', '=', productId)
    .where('stock_mode', '=', 'count')
    .where('stock_count', '>=', quantity)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return { ok: true, counted: true };
  const row = await trx
    .selectFrom('products')
    .select(['stock_mode', 'stock_count'])
    .where('client_code', '=', clientCode)
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!row || row.stock_mode !== 'count') return { ok: true, counted: false };
  return { ok: false, left: Math.max(0, row.stock_count ?? 0) };
}

/**
 * Takes the client's next order number. One statement both creates the counter and increments
 * it, so on PostgreSQL the row lock serialises concurrent orders and on SQLite the write lock
 * does; the number is only used if the transaction commits.
 */
export async function takeNextOrderSequence(trx: Transaction<Database>, clientCode: string) {
  const row = await trx
    .insertInto('order_counters')
    .values({ client_code: clientCode, last_number: 1 })
    .onConflict((oc) =>
      oc.column('client_code').doUpdateSet({ last_number: sql`order_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export type NewOrder = Insertable<OrdersTable>;
type OrderRow = Selectable<OrdersTable>;

export async function insertOrder(
  trx: Transaction<Database>,
  order: NewOrder,
  lines: readonly PricedOrderLine[],
  /** Issue 35: each line's share of the discount and its VAT, in pence, in the lines' order. */
  lineMoney: readonly { discountPence: number; vatPence: number }[] = [],
): Promise<number> {
  const { id } = await trx
    .insertInto('orders')
    .values(order)
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_lines')
    .values(
      lines.map((line, index) => ({
        order_id: id,
        position: index + 1,
        product_id: line.productId,
        title: line.title,
        unit_price: line.unitPrice,
        quantity: line.quantity,
        discount_pence: lineMoney[index]?.discountPence ?? 0,
        vat_pence: lineMoney[index]?.vatPence ?? 0,
      })),
    )
    .execute();
  return id;
}

export interface StoredOrder extends OrderRow {
  lines: PricedOrderLine[];
}

async function withLines(db: Queryable, order: OrderRow): Promise<StoredOrder> {
  const lines = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('position')
    .execute();
  return {
    ...order,
    lines: lines.map((l) => ({
      productId: l.product_id,
      title: l.title,
      quantity: l.quantity,
      unitPrice: l.unit_price,
      lineAmount: l.unit_price * l.quantity,
    })),
  };
}

/** The order placed earlier with this idempotency key, if any. */
export async function findOrderByKey(
  db: Queryable,
  clientCode: string,
  idempotencyKey: string,
): Promise<StoredOrder | undefined> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return order && withLines(db, order);
}

/** One of the client's orders by its number (SE-000123); another client's number finds nothing. */
export async function findOrderByNumber(
  db: Queryable,
  clientCode: string,
  orderNumber: string,
): Promise<StoredOrder | undefined> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('order_number', '=', orderNumber)
    .executeTakeFirst();
  return order && withLines(db, order);
}

/** Issue 35's money of a stored order, in pounds; null for an order placed before it. */
export function storedMoney(order: OrderRow): OrderMoney | null {
  if (order.priced_in_pence !== 1) return null;
  const pounds = (pence: number) => pence / 100;
  return {
    subtotal: pounds(order.subtotal_pence),
    discount: pounds(order.discount_pence),
    discountCode: order.discount_code,
    delivery: pounds(order.delivery_pence),
    net: pounds(order.net_pence),
    vat: pounds(order.vat_pence),
    total: pounds(order.gross_pence),
    vatRate: order.vat_rate_basis_points / 100,
    vatRegistered: order.vat_rate_basis_points > 0,
    pricesIncludeVat:
      order.gross_pence === order.subtotal_pence - order.discount_pence + order.delivery_pence,
    vatNumber: order.vat_number,
    fulfilment:
      order.fulfilment_method === 'delivery'
        ? {
            method: 'delivery',
            postcode: order.delivery_postcode ?? '',
            zoneName: order.delivery_zone ?? '',
          }
        : order.fulfilment_method === 'collection'
          ? { method: 'collection' }
          : null,
  };
}
