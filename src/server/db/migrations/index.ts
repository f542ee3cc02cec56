/**
 * Every migration, in the order they run (docs/decisions/0008-migrations-one-file-each.md): one
 * file each, named `NNNN-what-it-does.ts`, listed here by hand because the server is bundled by
 * esbuild and nothing scans a folder at run time. A new migration takes the next number and goes
 * at the end; a shipped one is never edited (a database that ran it will not run it again).
 */
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';
import * as m0001 from './0001-create-clients-catalogue-bookings-and-outbox.js';
import * as m0002 from './0002-index-bookings-by-day-and-time.js';
import * as m0003 from './0003-create-booking-rules.js';
import * as m0004 from './0004-create-owners-sessions-and-audit-log.js';
import * as m0005 from './0005-create-orders-and-index-sent-mail.js';
import * as m0006 from './0006-add-booking-status-and-catalogue-order.js';
import * as m0007 from './0007-add-booking-reference-and-scheduled-mail.js';
import * as m0008 from './0008-add-product-visibility-order-and-cover.js';
import * as m0009 from './0009-add-booking-holds.js';
import * as m0010 from './0010-add-content-drafts.js';
import * as m0011 from './0011-add-product-gallery.js';
import * as m0012 from './0012-create-scheduled-runs.js';
import * as m0013 from './0013-create-release-state.js';
import * as m0014 from './0014-add-booking-visitor-identity.js';
import * as m0015 from './0015-create-staff.js';
import * as m0016 from './0016-add-booking-staff.js';
import * as m0017 from './0017-add-owner-roles.js';
import * as m0018 from './0018-create-calendar-feeds.js';
import * as m0019 from './0019-add-booking-internal-note-and-cancel-message.js';
import * as m0020 from './0020-create-customers.js';
import * as m0021 from './0021-add-review-moderation.js';
import * as m0022 from './0022-add-patch-test-settings.js';
import * as m0023 from './0023-create-customer-enquiries.js';
import * as m0024 from './0024-create-site-visits-and-morning-summary.js';
import * as m0025 from './0025-add-product-sale-mode-stock-and-shop-categories.js';
import * as m0026 from './0026-add-shop-settings-discount-codes-and-order-money.js';
import * as m0027 from './0027-add-client-disabled.js';
import * as m0028 from './0028-create-payment-settings-and-events.js';
import * as m0029 from './0029-add-booking-deposits.js';
import * as m0030 from './0030-add-payment-settings-enabled.js';
import * as m0031 from './0031-add-booking-deposit-refunded.js';

export interface ListedMigration {
  /** The file's name without `.ts`, as Kysely records it in `kysely_migration`. */
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  up: (db: Kysely<any>, kind: DatabaseKind) => Promise<void>;
  /**
   * The name it ran under before the split, when all migrations lived in one file: a database
   * made then has this name in `kysely_migration`, and the migrator renames it (migrations.ts).
   */
  formerName?: string;
}

export const migrationList: readonly ListedMigration[] = [
  {
    name: '0001-create-clients-catalogue-bookings-and-outbox',
    up: m0001.up,
    formerName: '0001_initial',
  },
  {
    name: '0002-index-bookings-by-day-and-time',
    up: m0002.up,
    formerName: '0002_bookings_by_day_and_time',
  },
  {
    name: '0003-create-booking-rules',
    up: m0003.up,
    formerName: '0003_issue16_booking_rules',
  },
  {
    name: '0004-create-owners-sessions-and-audit-log',
    up: m0004.up,
    formerName: '0003_issue16_owners',
  },
  {
    name: '0005-create-orders-and-index-sent-mail',
    up: m0005.up,
    formerName: '0003_issue18_orders',
  },
  {
    name: '0006-add-booking-status-and-catalogue-order',
    up: m0006.up,
    formerName: '0004_issue16_diary',
  },
  {
    name: '0007-add-booking-reference-and-scheduled-mail',
    up: m0007.up,
    formerName: '0005_issue17_booking_lifecycle',
  },
  {
    name: '0008-add-product-visibility-order-and-cover',
    up: m0008.up,
    formerName: '0005_issue19_products',
  },
  {
    name: '0009-add-booking-holds',
    up: m0009.up,
    formerName: '0006_i17d_booking_holds',
  },
  {
    name: '0010-add-content-drafts',
    up: m0010.up,
    formerName: '0006_i19e_content_drafts',
  },
  {
    name: '0011-add-product-gallery',
    up: m0011.up,
    formerName: '0006_i19f_product_pictures',
  },
  {
    name: '0012-create-scheduled-runs',
    up: m0012.up,
    formerName: '0006_i20a_scheduled_runs',
  },
  {
    name: '0013-create-release-state',
    up: m0013.up,
    formerName: '0006_i20b_release_state',
  },
  {
    name: '0014-add-booking-visitor-identity',
    up: m0014.up,
    formerName: '0007_i30_booking_identity',
  },
  { name: '0015-create-staff', up: m0015.up },
  { name: '0016-add-booking-staff', up: m0016.up },
  { name: '0017-add-owner-roles', up: m0017.up },
  { name: '0018-create-calendar-feeds', up: m0018.up },
  { name: '0019-add-booking-internal-note-and-cancel-message', up: m0019.up },
  { name: '0020-create-customers', up: m0020.up },
  { name: '0021-add-review-moderation', up: m0021.up },
  { name: '0022-add-patch-test-settings', up: m0022.up },
  { name: '0023-create-customer-enquiries', up: m0023.up },
  { name: '0024-create-site-visits-and-morning-summary', up: m0024.up },
  { name: '0025-add-product-sale-mode-stock-and-shop-categories', up: m0025.up },
  { name: '0026-add-shop-settings-discount-codes-and-order-money', up: m0026.up },
  { name: '0027-add-client-disabled', up: m0027.up },
  { name: '0028-create-payment-settings-and-events', up: m0028.up },
  { name: '0029-add-booking-deposits', up: m0029.up },
  { name: '0030-add-payment-settings-enabled', up: m0030.up },
  { name: '0031-add-booking-deposit-refunded', up: m0031.up },
];
