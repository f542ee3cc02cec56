import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';

/**
 * Customer records (issue 33, docs/decisions/0062-customer-records.md): one row per person a
 * client has dealt with, matched by e-mail (lower-cased, trimmed) and then by telephone digits,
 * with the owner's notes beside it; bookings and orders name their customer. Enquiries are not
 * stored (they go straight to the outbox), so there is nothing of theirs to link.
 *
 * Existing bookings and orders are linked here, oldest first, by the same rule the server uses
 * (customers/customer-matching.ts); the rule is written out again below because a shipped
 * migration must not change with a helper.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  const autoId = kind === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('customers')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // Lower-cased and trimmed; null when none was ever given (a phone booking).
    .addColumn('email', 'text')
    // As last given, for showing; telephone_digits is the copy matched on.
    .addColumn('telephone', 'text')
    .addColumn('telephone_digits', 'varchar(32)')
    .addColumn('marketing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consent_at', 'varchar(32)')
    .addColumn('consent_source', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    // The newest booking or order, so a search lists the people seen lately first.
    .addColumn('last_activity_at', 'varchar(32)', (c) => c.notNull())
    // Set when the owner merged this record into another: it is kept, but no longer matched.
    .addColumn('merged_into', 'integer')
    .execute();
  await db.schema
    .createIndex('customers_by_email')
    .on('customers')
    .columns(['client_code', 'email'])
    .execute();
  await db.schema
    .createIndex('customers_by_telephone')
    .on('customers')
    .columns(['client_code', 'telephone_digits'])
    .execute();
  await db.schema
    .createIndex('customers_by_activity')
    .on('customers')
    .columns(['client_code', 'last_activity_at'])
    .execute();

  await db.schema
    .createTable('customer_notes')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    // note | allergy | patch-test
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('patch_test_date', 'varchar(10)')
    // pass | fail
    .addColumn('patch_test_result', 'varchar(8)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    // The owner account that wrote it; null for none (the command line).
    .addColumn('author_owner_id', 'integer')
    .execute();
  await db.schema
    .createIndex('customer_notes_by_customer')
    .on('customer_notes')
    .columns(['client_code', 'customer_id'])
    .execute();

  for (const table of ['bookings', 'orders'] as const) {
    await db.schema.alterTable(table).addColumn('customer_id', 'integer').execute();
    // By the customer alone (ids are unique across clients): led by client_code, PostgreSQL took
    // it for the day's availability query on a near-empty table instead of the day index.
    await db.schema.createIndex(`${table}_by_customer`).on(table).column('customer_id').execute();
  }

  await linkExistingRows(db);
}

interface Contact {
  table: 'bookings' | 'orders';
  id: number;
  client_code: string;
  customer_name: string;
  customer_email: string;
  customer_telephone: string;
  created_at: string;
  marketing: number;
  consent_at: string | null;
}

interface Made {
  id: number;
  email: string | null;
  digits: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs before the typed schema exists
async function linkExistingRows(db: Kysely<any>): Promise<void> {
  const bookings = (await db
    .selectFrom('bookings')
    .select([
      'id',
      'client_code',
      'customer_name',
      'customer_email',
      'customer_telephone',
      'created_at',
      'marketing',
      'consent_at',
    ])
    .execute()) as Omit<Contact, 'table'>[];
  const orders = (await db
    .selectFrom('orders')
    .select([
      'id',
      'client_code',
      'customer_name',
      'customer_email',
      'customer_telephone',
      'created_at',
    ])
    .execute()) as Omit<Contact, 'table' | 'marketing' | 'consent_at'>[];
  const contacts: Contact[] = [
    ...bookings.map((b) => ({ ...b, table: 'bookings' as const })),
    ...orders.map((o) => ({ ...o, table: 'orders' as const, marketing: 0, consent_at: null })),
  ].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));

  const byClient = new Map<string, Made[]>();
  for (const contact of contacts) {
    const email = contact.customer_email.trim().toLowerCase() || null;
    const digits = telephoneDigits(contact.customer_telephone);
    const made = byClient.get(contact.client_code) ?? [];
    byClient.set(contact.client_code, made);
    let match =
      (email && made.find((m) => m.email === email)) ||
      // A shared phone with a different e-mail is someone else.
      (digits && made.find((m) => m.digits === digits && (m.email === null || email === null))) ||
      undefined;
    const consent =
      contact.marketing === 1
        ? { marketing: 1, consent_at: contact.consent_at, consent_source: 'online booking' }
        : {};
    if (!match) {
      const row = (await db
        .insertInto('customers')
        .values({
          client_code: contact.client_code,
          name: contact.customer_name,
          email,
          telephone: contact.customer_telephone.trim() || null,
          telephone_digits: digits,
          created_at: contact.created_at,
          updated_at: contact.created_at,
          last_activity_at: contact.created_at,
          ...consent,
        })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      match = { id: row.id, email, digits };
      made.push(match);
    } else {
      await db
        .updateTable('customers')
        .set({
          name: contact.customer_name,
          updated_at: contact.created_at,
          last_activity_at: contact.created_at,
          ...consent,
        })
        .where('id', '=', match.id)
        .execute();
      if (!match.email && email) {
        match.email = email;
        await db.updateTable('customers').set({ email }).where('id', '=', match.id).execute();
      }
      if (!match.digits && digits) {
        match.digits = digits;
        await db
          .updateTable('customers')
          .set({ telephone: contact.customer_telephone.trim(), telephone_digits: digits })
          .where('id', '=', match.id)
          .execute();
      }
    }
    await db
      .updateTable(contact.table)
      .set({ customer_id: match.id })
      .where('id', '=', contact.id)
      .execute();
  }
}

/** UK numbers alike whether written 07700… or +44 7700…; fewer than 6 digits match nothing. */
function telephoneDigits(telephone: string): string | null {
  let digits = telephone.replace(/\D/g, '');
  // +44 7700… and +44 (0)7700… are the UK's 07700….
  if (digits.startsWith('44') && digits.length >= 11)
    digits = `0${digits.slice(2).replace(/^0/, '')}`;
  return digits.length >= 6 ? digits : null;
}
