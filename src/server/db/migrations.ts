import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseKind } from './database.js';

/**
 * Migrations live in code (not a folder scan) so the same list runs from tsx, tests and
 * any bundling, on SQLite and PostgreSQL alike. Add new ones at the end, named `00NN_issueNN_what`; never edit a shipped one.
 */
function buildMigrations(kind: DatabaseKind): Record<string, Migration> {
  const autoId = kind === 'postgres' ? 'serial' : 'integer';
  return {
    '0001_initial': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('clients')
          .addColumn('code', 'varchar(8)', (c) => c.primaryKey())
          .addColumn('host_names', 'text', (c) => c.notNull())
          .addColumn('config', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('products')
          .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
          .addColumn('id', 'integer', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('price', 'integer', (c) => c.notNull())
          .addColumn('category', 'varchar(32)', (c) => c.notNull())
          .addColumn('blurb', 'text', (c) => c.notNull())
          .addColumn('picture_count', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('products_pk', ['client_code', 'id'])
          .execute();
        await db.schema
          .createIndex('products_by_category')
          .on('products')
          .columns(['client_code', 'category'])
          .execute();

        await db.schema
          .createTable('reviews')
          .addColumn('id', autoId, (c) => c.primaryKey())
          .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
          .addColumn('review', 'text', (c) => c.notNull())
          .addColumn('reviewer', 'text', (c) => c.notNull())
          .addColumn('stars', 'integer')
          .execute();
        await db.schema
          .createIndex('reviews_by_client')
          .on('reviews')
          .column('client_code')
          .execute();

        await db.schema
          .createTable('categories')
          .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
          .addColumn('id', 'integer', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('categories_pk', ['client_code', 'id'])
          .execute();

        await db.schema
          .createTable('treatments')
          .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
          .addColumn('id', 'integer', (c) => c.notNull())
          .addColumn('category_id', 'integer', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('price_pence', 'integer', (c) => c.notNull())
          .addColumn('duration_minutes', 'integer', (c) => c.notNull())
          .addColumn('active', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('treatments_pk', ['client_code', 'id'])
          .execute();

        await db.schema
          .createTable('bookings')
          .addColumn('id', autoId, (c) => c.primaryKey())
          .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
          .addColumn('booking_date', 'varchar(10)', (c) => c.notNull())
          .addColumn('start_minute', 'integer', (c) => c.notNull())
          .addColumn('end_minute', 'integer', (c) => c.notNull())
          .addColumn('total_price_pence', 'integer', (c) => c.notNull())
          .addColumn('total_duration_minutes', 'integer', (c) => c.notNull())
          .addColumn('customer_name', 'text', (c) => c.notNull())
          .addColumn('customer_email', 'text', (c) => c.notNull())
          .addColumn('customer_telephone', 'text', (c) => c.notNull())
          .addColumn('customer_door_no', 'text', (c) => c.notNull())
          .addColumn('customer_post_code', 'text', (c) => c.notNull())
          .addColumn('marketing', 'integer', (c) => c.notNull())
          .addColumn('consent_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('consent_version', 'varchar(32)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('bookings_by_day')
          .on('bookings')
          .columns(['client_code', 'booking_date'])
          .execute();

        await db.schema
          .createTable('booking_treatments')
          .addColumn('booking_id', 'integer', (c) =>
            c.notNull().references('bookings.id').onDelete('cascade'),
          )
          .addColumn('treatment_id', 'integer', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('price_pence', 'integer', (c) => c.notNull())
          .addColumn('duration_minutes', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('booking_treatments_by_booking')
          .on('booking_treatments')
          .column('booking_id')
          .execute();

        await db.schema
          .createTable('outbox')
          .addColumn('id', autoId, (c) => c.primaryKey())
          .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
          .addColumn('idempotency_key', 'varchar(128)')
          .addColumn('template_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('mail_from', 'text', (c) => c.notNull())
          .addColumn('mail_to', 'text', (c) => c.notNull())
          .addColumn('reply_to', 'text')
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('html', 'text', (c) => c.notNull())
          .addColumn('text', 'text', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull())
          .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('locked_until', 'varchar(32)')
          .addColumn('last_error', 'text')
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('sent_at', 'varchar(32)')
          .execute();
        // NULL keys never collide, so messages without a key are all accepted.
        await db.schema
          .createIndex('outbox_idempotency')
          .unique()
          .on('outbox')
          .columns(['client_code', 'idempotency_key'])
          .execute();
        await db.schema
          .createIndex('outbox_due')
          .on('outbox')
          .columns(['status', 'next_attempt_at'])
          .execute();
      },
    },
    '0002_bookings_by_day_and_time': {
      // Availability reads only these four columns of a day's bookings: with all of them in the
      // index SQLite and PostgreSQL answer from the index alone. It supersedes the day index.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema
          .createIndex('bookings_by_day_and_time')
          .on('bookings')
          .columns(['client_code', 'booking_date', 'start_minute', 'end_minute'])
          .execute();
        await db.schema.dropIndex('bookings_by_day').execute();
      },
    },
    '0003_issue18_orders': {
      // Orders are records (issue 18): numbered per client by a counter row that the insert
      // increments atomically, lines keep the price at the time, and an idempotency key per client
      // makes a double submit one order.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('order_counters')
          .addColumn('client_code', 'varchar(8)', (c) => c.primaryKey())
          .addColumn('last_number', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('orders')
          .addColumn('id', autoId, (c) => c.primaryKey())
          .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
          .addColumn('sequence', 'integer', (c) => c.notNull())
          .addColumn('order_number', 'varchar(32)', (c) => c.notNull())
          .addColumn('idempotency_key', 'varchar(128)')
          .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('status_note', 'text')
          .addColumn('customer_name', 'text', (c) => c.notNull())
          .addColumn('customer_email', 'text', (c) => c.notNull())
          .addColumn('customer_telephone', 'text', (c) => c.notNull())
          .addColumn('customer_address', 'text', (c) => c.notNull())
          .addColumn('customer_message', 'text', (c) => c.notNull())
          .addColumn('total', 'integer', (c) => c.notNull())
          .addColumn('prices_in_pence', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
          .addUniqueConstraint('orders_number_per_client', ['client_code', 'sequence'])
          .addUniqueConstraint('orders_key_per_client', ['client_code', 'idempotency_key'])
          .execute();
        await db.schema
          .createIndex('orders_by_client_and_time')
          .on('orders')
          .columns(['client_code', 'created_at'])
          .execute();
        await db.schema
          .createTable('order_lines')
          .addColumn('order_id', 'integer', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('product_id', 'integer', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('unit_price', 'integer', (c) => c.notNull())
          .addColumn('quantity', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'position'])
          .execute();
        // Retention removes sent messages by age; this keeps that a range scan.
        await db.schema
          .createIndex('outbox_sent_by_age')
          .on('outbox')
          .columns(['status', 'sent_at'])
          .execute();
      },
    },
    '0003_issue16_owners': {
      // Owner accounts, their sessions and one-time tokens (only hashes of secrets are stored),
      // and the audit trail of what owners do (docs/decisions/owner-sessions.md).
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('owners')
          .addColumn('id', autoId, (c) => c.primaryKey())
          .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
          .addColumn('email', 'varchar(254)', (c) => c.notNull())
          .addColumn('password_hash', 'text')
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createIndex('owners_email_per_client')
          .unique()
          .on('owners')
          .columns(['client_code', 'email'])
          .execute();

        await db.schema
          .createTable('owner_sessions')
          .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('owner_id', 'integer', (c) =>
            c.notNull().references('owners.id').onDelete('cascade'),
          )
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('owner_sessions_by_owner')
          .on('owner_sessions')
          .column('owner_id')
          .execute();

        await db.schema
          .createTable('owner_tokens')
          .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('owner_id', 'integer', (c) =>
            c.notNull().references('owners.id').onDelete('cascade'),
          )
          .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('used_at', 'varchar(32)')
          .execute();

        await db.schema
          .createTable('audit_log')
          .addColumn('id', autoId, (c) => c.primaryKey())
          .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
          .addColumn('owner_id', 'integer')
          .addColumn('action', 'varchar(64)', (c) => c.notNull())
          .addColumn('detail', 'text', (c) => c.notNull())
          .addColumn('at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('audit_log_by_client')
          .on('audit_log')
          .columns(['client_code', 'id'])
          .execute();
      },
    },
    '0003_issue16_booking_rules': {
      // A client's booking rules as the owner edits them (src/common/booking-rules.ts, as JSON),
      // with a version for optimistic updates. The seed only inserts a missing row.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('booking_rules')
          .addColumn('client_code', 'varchar(8)', (c) => c.primaryKey())
          .addColumn('rules', 'text', (c) => c.notNull())
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
          .execute();
      },
    },
    '0004_issue16_diary': {
      // Bookings get a status (booked | cancelled), who made them (online | phone | walk-in) and
      // a cancellation; categories and treatments an order, a version, and categories can be
      // deactivated. Availability now reads only booked rows: the covering index gains status.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema
          .alterTable('bookings')
          .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('booked'))
          .execute();
        await db.schema
          .alterTable('bookings')
          .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('online'))
          .execute();
        await db.schema.alterTable('bookings').addColumn('cancelled_at', 'varchar(32)').execute();
        await db.schema.alterTable('bookings').addColumn('cancel_reason', 'text').execute();
        await db.schema
          .createIndex('bookings_by_day_status_and_time')
          .on('bookings')
          .columns(['client_code', 'booking_date', 'status', 'start_minute', 'end_minute'])
          .execute();
        await db.schema.dropIndex('bookings_by_day_and_time').execute();
        for (const table of ['categories', 'treatments']) {
          await db.schema
            .alterTable(table)
            .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
            .execute();
          await db.schema
            .alterTable(table)
            .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
            .execute();
        }
        await db.schema
          .alterTable('categories')
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
      },
    },
    '0005_issue19_products': {
      // Owners edit the catalogue: a product can be hidden, has an order and a version (the
      // edit check), and an uploaded cover picture (JSON of the image pipeline's StoredPicture).
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema
          .alterTable('products')
          .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .alterTable('products')
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .alterTable('products')
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        await db.schema.alterTable('products').addColumn('cover_picture', 'text').execute();
      },
    },
    '0006_i19f_product_pictures': {
      // A product's gallery as the owner orders it, with alt texts (JSON of GalleryPicture[]);
      // null keeps the seed's drawn pictures, so existing rows need no change.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema.alterTable('products').addColumn('pictures', 'text').execute();
      },
    },
    '0005_issue17_booking_lifecycle': {
      // Bookings get a reference the visitor quotes (unique per client), a calendar SEQUENCE that
      // goes up on each change, and the SHA-256 of their manage link's token. The outbox gets a
      // calendar part (json {method, content}) and `not_before` for scheduled mail (reminders).
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema.alterTable('bookings').addColumn('reference', 'varchar(16)').execute();
        await db.schema
          .alterTable('bookings')
          .addColumn('ical_sequence', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .alterTable('bookings')
          .addColumn('manage_token_hash', 'varchar(64)')
          .execute();
        await db.schema
          .createIndex('bookings_by_reference')
          .on('bookings')
          .columns(['client_code', 'reference'])
          .unique()
          .execute();
        await db.schema
          .createIndex('bookings_by_manage_token')
          .on('bookings')
          .column('manage_token_hash')
          .unique()
          .execute();
        await db.schema.alterTable('outbox').addColumn('ical', 'text').execute();
        await db.schema.alterTable('outbox').addColumn('not_before', 'varchar(32)').execute();
      },
    },
    '0006_i20b_release_state': {
      // What the release step (npm run migrate) last did, e.g. the hash of the seed it applied,
      // so a server that migrates on start can skip a seed it has already applied
      // (docs/decisions/release-step.md).
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('release_state')
          .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
          .execute();
      },
    },
    '0006_i20a_scheduled_runs': {
      // Work done once a period across instances (outbox retention): the row's last_run_at is
      // moved on by whichever instance claims the period first (shared-state/scheduled-runs.ts).
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('scheduled_runs')
          .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('last_run_at', 'varchar(32)', (c) => c.notNull())
          .execute();
      },
    },
    '0007_i30_booking_identity': {
      // Anti-hogging per address and form session (issue 30, docs/decisions/anti-hogging.md):
      // a keyed hash of the visitor's address (never the address) and the form session's id. The
      // caps read them with the day's rows, already found by the day index; the 24-hour cap finds
      // an address's recent bookings by this index.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema.alterTable('bookings').addColumn('address_hash', 'varchar(64)').execute();
        await db.schema.alterTable('bookings').addColumn('form_session', 'varchar(64)').execute();
        // The visitor's last move's Idempotency-Key: a replay answers without new e-mails.
        await db.schema
          .alterTable('bookings')
          .addColumn('move_idempotency_key', 'varchar(128)')
          .execute();
        await db.schema
          .createIndex('bookings_by_address_created')
          .on('bookings')
          .columns(['client_code', 'address_hash', 'created_at'])
          .execute();
      },
    },
    '0006_i17d_booking_holds': {
      // Unconfirmed holds (issue 17): a `pending` booking holds its time until `held_until`
      // (ISO instant) unless confirmed by the link whose SHA-256 is `confirm_token_hash`. The
      // availability index gains held_until so it still answers without the table; the sweep
      // finds expired holds by status and time.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema.alterTable('bookings').addColumn('held_until', 'varchar(32)').execute();
        await db.schema
          .alterTable('bookings')
          .addColumn('confirm_token_hash', 'varchar(64)')
          .execute();
        await db.schema
          .createIndex('bookings_by_confirm_token')
          .on('bookings')
          .column('confirm_token_hash')
          .unique()
          .execute();
        await db.schema
          .createIndex('bookings_by_day_status_time_hold')
          .on('bookings')
          .columns([
            'client_code',
            'booking_date',
            'status',
            'start_minute',
            'end_minute',
            'held_until',
          ])
          .execute();
        await db.schema.dropIndex('bookings_by_day_status_and_time').execute();
        await db.schema
          .createIndex('bookings_by_status_and_hold')
          .on('bookings')
          .columns(['status', 'held_until'])
          .execute();
      },
    },
    '0006_i19e_content_drafts': {
      // The owner edits the site's words (issue 19): the published record gets a version (the
      // publish check), and each client may have one draft of its content, started from a version.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
      async up(db: Kysely<any>) {
        await db.schema
          .alterTable('clients')
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        await db.schema
          .createTable('client_drafts')
          .addColumn('client_code', 'varchar(8)', (c) => c.primaryKey())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('base_version', 'integer', (c) => c.notNull())
          .addColumn('draft_version', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('updated_by', 'text')
          .execute();
      },
    },
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly kind: DatabaseKind) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(buildMigrations(this.kind));
  }
}

/** The names of the migrations this code has, sorted. */
export function migrationNames(kind: DatabaseKind): string[] {
  return Object.keys(buildMigrations(kind)).sort();
}

export interface SchemaStatus {
  /** The newest migration the database has run (by name), or undefined for an empty database. */
  at: string | undefined;
  /** Migrations this code has that the database has not run. */
  pending: string[];
}

/**
 * Which of this code's migrations the database lacks. Migrations the database has and the code
 * does not (a newer release ran `npm run migrate` while this one still runs) are not an error:
 * migrations only add, so older code keeps working on a newer schema during a rolling upgrade.
 */
export async function schemaStatus(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read before the typed schema exists
  db: Kysely<any>,
  kind: DatabaseKind,
  schema?: string,
): Promise<SchemaStatus> {
  const migrator = new Migrator({
    db,
    provider: new InCodeMigrationProvider(kind),
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const migrations = await migrator.getMigrations();
  const executed = migrations
    .filter((m) => m.executedAt !== undefined)
    .map((m) => m.name)
    .sort();
  return {
    at: executed.at(-1),
    pending: migrations
      .filter((m) => m.executedAt === undefined)
      .map((m) => m.name)
      .sort(),
  };
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  db: Kysely<any>,
  kind: DatabaseKind,
  schema?: string,
): Promise<void> {
  // With a schema named, Kysely must look for its own tables there, not in any schema it can see.
  const migrator = new Migrator({
    db,
    provider: new InCodeMigrationProvider(kind),
    // Branches add migrations named after their issue and land in any order; each still runs once.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
