import type { Kysely } from 'kysely';
import { formatOrderNumber } from '../../common/orders.js';
import type { Database } from '../db/schema.js';
import { insertOrder, takeNextOrderSequence } from '../orders/orders-store.js';
import {
  demoEmailDomain,
  type DemoPlan,
  type DemoProduct,
  type DemoTreatment,
} from './domain/demo-plan.js';

// The demo command's queries (demo/demo-commands.ts). Demo rows are told apart by their
// customers' addresses, all at demoEmailDomain.

const demoAddresses = `%@${demoEmailDomain}`;

export async function readDemoInputs(
  db: Kysely<Database>,
  code: string,
): Promise<{ treatments: DemoTreatment[]; staffIds: number[]; products: DemoProduct[] }> {
  const [treatments, staff, products] = await Promise.all([
    db
      .selectFrom('treatments')
      .select(['id', 'name', 'price_pence', 'duration_minutes'])
      .where('client_code', '=', code)
      .where('active', '=', 1)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('staff_members')
      .select('id')
      .where('client_code', '=', code)
      .where('active', '=', 1)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('products')
      .select(['id', 'title', 'price'])
      .where('client_code', '=', code)
      .orderBy('id')
      .execute(),
  ]);
  return {
    treatments: treatments.map((t) => ({
      id: t.id,
      name: t.name,
      pricePence: t.price_pence,
      durationMinutes: t.duration_minutes,
    })),
    staffIds: staff.map((s) => s.id),
    products: products.map((p) => ({ id: p.id, title: p.title, price: p.price })),
  };
}

/** How many demo bookings, orders and e-mails a client has. */
export async function countDemoRows(db: Kysely<Database>, code: string): Promise<number> {
  const counts = await Promise.all([
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_code', '=', code)
      .where('customer_email', 'like', demoAddresses)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_code', '=', code)
      .where('customer_email', 'like', demoAddresses)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_code', '=', code)
      .where('mail_to', 'like', demoAddresses)
      .executeTakeFirstOrThrow(),
  ]);
  return counts.reduce((sum, row) => sum + Number(row.n), 0);
}

/** Removes a client's demo rows and stores its new plan, in one transaction. */
export async function replaceDemoRows(
  db: Kysely<Database>,
  client: { code: string; title: string; pricesInPence: boolean; mailFrom: string },
  plan: DemoPlan,
  now: Date,
): Promise<void> {
  const { code } = client;
  const iso = now.toISOString();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  await db.transaction().execute(async (trx) => {
    const oldBookings = trx
      .selectFrom('bookings')
      .select('id')
      .where('client_code', '=', code)
      .where('customer_email', 'like', demoAddresses);
    await trx.deleteFrom('booking_treatments').where('booking_id', 'in', oldBookings).execute();
    await trx
      .deleteFrom('bookings')
      .where('client_code', '=', code)
      .where('customer_email', 'like', demoAddresses)
      .execute();
    const oldOrders = trx
      .selectFrom('orders')
      .select('id')
      .where('client_code', '=', code)
      .where('customer_email', 'like', demoAddresses);
    await trx.deleteFrom('order_lines').where('order_id', 'in', oldOrders).execute();
    await trx
      .deleteFrom('orders')
      .where('client_code', '=', code)
      .where('customer_email', 'like', demoAddresses)
      .execute();
    await trx
      .deleteFrom('outbox')
      .where('client_code', '=', code)
      .where('mail_to', 'like', demoAddresses)
      .execute();

    for (const booking of plan.bookings) {
      const { id } = await trx
        .insertInto('bookings')
        .values({
          client_code: code,
          booking_date: booking.date,
          start_minute: booking.startMinute,
          end_minute: booking.endMinute,
          total_price_pence: booking.treatment.pricePence,
          total_duration_minutes: booking.treatment.durationMinutes,
          customer_name: booking.customer.name,
          customer_email: booking.customer.email,
          customer_telephone: booking.customer.telephone,
          customer_door_no: '1',
          customer_post_code: 'AB1 2CD',
          marketing: 0,
          consent_at: iso,
          consent_version: 'demo',
          created_at: iso,
          status: booking.status,
          source: booking.source,
          staff_id: booking.staffId,
          cancelled_at: booking.status === 'cancelled' ? iso : null,
          cancel_reason: booking.status === 'cancelled' ? 'Cancelled by the salon' : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('booking_treatments')
        .values({
          booking_id: id,
          treatment_id: booking.treatment.id,
          name: booking.treatment.name,
          price_pence: booking.treatment.pricePence,
          duration_minutes: booking.treatment.durationMinutes,
        })
        .execute();
    }

    for (const order of plan.orders) {
      const sequence = await takeNextOrderSequence(trx, code);
      const placed = daysAgo(order.daysAgo);
      const lines = order.lines.map(({ product, quantity }) => ({
        productId: product.id,
        title: product.title,
        unitPrice: product.price,
        quantity,
        lineAmount: product.price * quantity,
      }));
      await insertOrder(
        trx,
        {
          client_code: code,
          sequence,
          order_number: formatOrderNumber(code, sequence),
          idempotency_key: null,
          request_hash: `demo:${sequence}`,
          status: order.status,
          status_note: null,
          customer_name: order.customer.name,
          customer_email: order.customer.email,
          customer_telephone: order.customer.telephone,
          customer_address: order.address,
          customer_message: '',
          total: lines.reduce((sum, line) => sum + line.lineAmount, 0),
          prices_in_pence: client.pricesInPence ? 1 : 0,
          created_at: placed,
          updated_at: placed,
          customer_id: null,
        },
        lines,
      );
    }

    for (const email of plan.emails) {
      const at = daysAgo(email.daysAgo);
      const text = `Hello ${email.customer.name},\n\nThis is a demo message from ${client.title}.`;
      await trx
        .insertInto('outbox')
        .values({
          client_code: code,
          idempotency_key: null,
          template_id: 'demo',
          mail_from: client.mailFrom,
          mail_to: email.customer.email,
          reply_to: null,
          subject: email.subject,
          html: `<p>${text.replace(/\n+/g, '</p><p>')}</p>`,
          text,
          status: email.status,
          attempts: email.status === 'failed' ? 8 : 1,
          next_attempt_at: at,
          locked_until: null,
          last_error: email.lastError,
          created_at: at,
          sent_at: email.status === 'sent' ? at : null,
          ical: null,
          not_before: null,
        })
        .execute();
    }
  });
}
