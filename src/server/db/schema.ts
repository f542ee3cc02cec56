import type { Generated } from 'kysely';

/** Table shapes for Kysely. Amounts are integers; timestamps are ISO-8601 UTC strings. */
export interface ClientsTable {
  code: string;
  /** JSON array of host names. */
  host_names: string;
  /** The validated client record as JSON. */
  config: string;
  updated_at: string;
  /** Goes up with each publication of the owner's content (the publish check). */
  version: Generated<number>;
  /** When the host switched the client off (`npm run client -- disable`); null while it serves. */
  disabled_at: string | null;
}

/** An owner's unpublished content (src/common/site-content.ts), at most one per client. */
export interface ClientDraftsTable {
  client_code: string;
  /** JSON of the owner's part of the record. */
  content: string;
  /** The published version the draft was started from. */
  base_version: number;
  draft_version: number;
  updated_at: string;
  /** The e-mail of the owner who saved it last. */
  updated_by: string | null;
}

export interface ProductsTable {
  client_code: string;
  id: number;
  title: string;
  /** As stored by the client: whole pounds, or pence when the client's pricesInPence is set. */
  price: number;
  category: string;
  blurb: string;
  picture_count: number;
  /** 1 when the owner has hidden the product from the site (issue 19). */
  hidden: Generated<number>;
  /** The owner's order; the site lists by sort_order, then id. */
  sort_order: Generated<number>;
  /** Raised on every owner edit; an edit naming an older version is refused (409). */
  version: Generated<number>;
  /** JSON of the uploaded cover (media/image-pipeline StoredPicture), or null for the seed picture. */
  cover_picture: string | null;
  /**
   * JSON of the owner's gallery (GalleryPicture[], first is the cover) once they have changed it;
   * null while the product shows the seed's drawn pictures (and cover_picture, if uploaded).
   */
  pictures: string | null;
  /** buy | enquire (issue 35, migration 0025): buyable online, or "Starting from… contact us". */
  sale_mode: Generated<string>;
  /** untracked | count | made_to_order (issue 35). */
  stock_mode: Generated<string>;
  /** How many are left when stock_mode is count; never below zero (orders-store.ts). */
  stock_count: number | null;
  /** Days to make one when stock_mode is made_to_order. */
  lead_time_days: number | null;
}

/** A client's own product categories (issue 35, migration 0025); products.category is a slug. */
export interface ShopCategoriesTable {
  client_code: string;
  slug: string;
  name: string;
  position: number;
  hidden: Generated<number>;
  version: Generated<number>;
}

export interface ReviewsTable {
  id: Generated<number>;
  client_code: string;
  review: string;
  reviewer: string;
  stars: number | null;
  /** published | hidden | pending (a customer's, waiting for the owner). Migration 0021. */
  status: Generated<string>;
  /** The owner's order on /reviews; ties by id. */
  display_order: Generated<number>;
  /** The owner's public answer, shown under the review. */
  reply: string | null;
  replied_at: string | null;
  /** seed | owner | customer */
  source: Generated<string>;
  booking_id: number | null;
  order_id: number | null;
  created_at: Generated<string>;
  version: Generated<number>;
}

/** The owner's asking for reviews (migration 0021); no row: off. */
export interface ReviewSettingsTable {
  client_code: string;
  enabled: number;
  delay_days: number;
  once_per_days: number;
  version: number;
}

/** A review request e-mailed to a customer; its signed link works until `used_at` is set. */
export interface ReviewRequestsTable {
  id: Generated<number>;
  client_code: string;
  customer_email: string;
  customer_name: string;
  booking_id: number | null;
  order_id: number | null;
  created_at: string;
  used_at: string | null;
}

export interface CategoriesTable {
  client_code: string;
  id: number;
  name: string;
  /** Owners order categories; ties by id. */
  sort_order: Generated<number>;
  version: Generated<number>;
  active: Generated<number>;
}

export interface TreatmentsTable {
  client_code: string;
  id: number;
  category_id: number;
  name: string;
  description: string;
  price_pence: number;
  duration_minutes: number;
  active: number;
  sort_order: Generated<number>;
  version: Generated<number>;
  /** Issue 33: a passed patch test is needed at least this many hours before; null: none. */
  patch_test_hours: Generated<number | null>;
  /** Issue 33: 1 for the patch-test appointment itself. */
  is_patch_test: Generated<number>;
}

export interface BookingsTable {
  id: Generated<number>;
  client_code: string;
  /** Local date in the client's time zone, YYYY-MM-DD. */
  booking_date: string;
  /** Minutes after local midnight. */
  start_minute: number;
  end_minute: number;
  total_price_pence: number;
  total_duration_minutes: number;
  customer_name: string;
  customer_email: string;
  customer_telephone: string;
  customer_door_no: string;
  customer_post_code: string;
  marketing: number;
  consent_at: string;
  consent_version: string;
  created_at: string;
  /** booked | pending | cancelled | completed | no-show; all but cancelled take a slot (pending until held_until). */
  status: Generated<string>;
  /** online | phone | walk-in */
  source: Generated<string>;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** What the visitor quotes (issue 17); null for bookings made before references. */
  reference: string | null;
  /** The calendar file's SEQUENCE: goes up each time the booking is moved or cancelled. */
  ical_sequence: Generated<number>;
  /** SHA-256 (hex) of the manage link's token; the token itself is only in the e-mail. */
  manage_token_hash: string | null;
  /** A pending booking's hold ends at this instant (ISO) unless confirmed (issue 17). */
  held_until: string | null;
  /** SHA-256 (hex) of the confirm link's token; null when no confirmation was asked. */
  confirm_token_hash: string | null;
  /** Keyed hash of the visitor's network address (issue 30); null for the owner's bookings. */
  address_hash: string | null;
  /** The verified form session an online booking was sent from (issue 30), if any. */
  form_session: string | null;
  /** The Idempotency-Key of the visitor's last move, so its replay sends nothing again. */
  move_idempotency_key: string | null;
  /** The staff member the booking is with (issue 32); null for a client without staff. */
  staff_id: number | null;
  /** The owner's note on the booking (issue 32): shown in the back office, never e-mailed. */
  internal_note: string | null;
  /** What the customer was told when the salon cancelled (issue 32); null when nothing. */
  cancel_message: string | null;
  /** The customer record (issue 33); null only for a row the backfill could not reach. */
  customer_id: Generated<number | null>;
  /** Issue 36 (decision 0079): the deposit asked, in pence; 0 when none. */
  deposit_pence: Generated<number>;
  /** unpaid | paid | part-refunded | refunded | kept; null when no deposit was asked. */
  deposit_status: string | null;
  /** What of the deposit has been refunded, in pence (migration 0031). */
  deposit_refunded_pence: Generated<number>;
  deposit_session_id: string | null;
  deposit_url: string | null;
  deposit_intent_id: string | null;
  /** Cancelling before this instant (ISO) refunds the deposit; the policy when booked. */
  deposit_free_until: string | null;
}

/** A client's deposits and cancellation policy as JSON (src/common/deposits.ts). */
export interface DepositSettingsTable {
  client_code: string;
  settings: string;
  version: number;
  updated_at: string;
}

export interface BookingRulesTable {
  client_code: string;
  /** The rules as JSON (src/common/booking-rules.ts). */
  rules: string;
  version: number;
  updated_at: string;
}

export interface BookingTreatmentsTable {
  booking_id: number;
  treatment_id: number;
  name: string;
  price_pence: number;
  duration_minutes: number;
}

export interface OutboxTable {
  id: Generated<number>;
  client_code: string;
  idempotency_key: string | null;
  template_id: string;
  mail_from: string;
  mail_to: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  /** pending | sent | failed */
  status: string;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** A calendar part, json {method, content} (issue 17). */
  ical: string | null;
  /** Scheduled mail (reminders): not sent before this instant. */
  not_before: string | null;
}

export interface OrderCountersTable {
  client_code: string;
  last_number: number;
}

export interface OrdersTable {
  id: Generated<number>;
  client_code: string;
  /** Per client, from 1, without gaps while orders are only added. */
  sequence: number;
  /** SE-000123: what the customer and the owner quote. */
  order_number: string;
  idempotency_key: string | null;
  /** SHA-256 of the request, so a reused key with another order is refused. */
  request_hash: string;
  /** new | contacted | completed | cancelled */
  status: string;
  status_note: string | null;
  customer_name: string;
  customer_email: string;
  customer_telephone: string;
  customer_address: string;
  customer_message: string;
  /** In the catalogue's units at the time (pounds, or pence when prices_in_pence is 1). */
  total: number;
  prices_in_pence: number;
  created_at: string;
  updated_at: string;
  /** The customer record (issue 33), linked in the order's own transaction. */
  customer_id: number | null;
  /** Issue 35: delivery | collection; null before it, or when the client offers no choice. */
  fulfilment_method: Generated<string | null>;
  delivery_postcode: Generated<string | null>;
  delivery_zone: Generated<string | null>;
  /** Issue 35's money, all in pence (priced_in_pence is 1 when these are filled). */
  subtotal_pence: Generated<number>;
  discount_code: Generated<string | null>;
  discount_pence: Generated<number>;
  delivery_pence: Generated<number>;
  net_pence: Generated<number>;
  vat_pence: Generated<number>;
  gross_pence: Generated<number>;
  vat_rate_basis_points: Generated<number>;
  vat_number: Generated<string | null>;
  priced_in_pence: Generated<number>;
  /** Issue 36: unpaid | paid | refunded | part-refunded; null when not paid by card. */
  payment_status: Generated<string | null>;
  /** The Stripe Checkout Session that takes the payment, and where the shopper pays. */
  payment_session_id: Generated<string | null>;
  payment_url: Generated<string | null>;
  payment_intent_id: Generated<string | null>;
  /** When the session was made: reconciliation asks Stripe about old unpaid ones. */
  payment_started_at: Generated<string | null>;
  /** The highest amounts Stripe has reported paid and refunded (so events commute). */
  paid_pence: Generated<number>;
  refunded_pence: Generated<number>;
}

export interface OrderLinesTable {
  order_id: number;
  position: number;
  product_id: number;
  title: string;
  unit_price: number;
  quantity: number;
  /** Issue 35: this line's share of the discount, and its VAT, in pence. */
  discount_pence: Generated<number>;
  vat_pence: Generated<number>;
}

/** A client's shop settings (issue 35): src/common/shop-settings.ts as JSON, with a version. */
export interface ShopSettingsTable {
  client_code: string;
  settings: string;
  version: number;
  updated_at: string;
}

export interface DiscountCodesTable {
  id: Generated<number>;
  client_code: string;
  code: string;
  /** Upper-cased code: unique per client. */
  code_key: string;
  /** percent | fixed */
  kind: string;
  /** Percent 1–100, or pence. */
  value: number;
  min_spend_pence: number;
  starts_on: string | null;
  ends_on: string | null;
  total_limit: number | null;
  per_customer_limit: number | null;
  free_delivery: number;
  active: number;
  used_count: Generated<number>;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface DiscountRedemptionsTable {
  id: Generated<number>;
  client_code: string;
  code_id: number;
  order_id: number;
  /** Lower-cased. */
  customer_email: string;
  created_at: string;
}

export interface OwnersTable {
  id: Generated<number>;
  client_code: string;
  /** Lower-cased; unique per client. */
  email: string;
  /** scrypt hash with its salt and parameters (owners/password-hash.ts); null until set. */
  password_hash: string | null;
  created_at: string;
  /** 1 when the account may not sign in. */
  disabled: Generated<number>;
  /** owner | staff (issue 32; owners/staff-permissions.ts says what staff may do). */
  role: Generated<string>;
  /** The staff member (staff_members.id) this account is, if any. */
  staff_id: number | null;
}

export interface OwnerSessionsTable {
  /** SHA-256 (hex) of the session token; the token itself is only in the owner's cookie. */
  token_hash: string;
  owner_id: number;
  created_at: string;
  /** Moves on with use: the idle expiry counts from here. */
  last_seen_at: string;
  /** The absolute expiry. */
  expires_at: string;
}

export interface OwnerTokensTable {
  /** SHA-256 (hex) of a one-time token sent in a set-password or reset link. */
  token_hash: string;
  owner_id: number;
  /** set-password | reset */
  purpose: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  client_code: string;
  /** Null for what no signed-in owner did (the CLI). */
  owner_id: number | null;
  action: string;
  /** JSON object. */
  detail: string;
  at: string;
}

/** What the release step last did (src/server/db/release-step.ts): name → value. */
export interface ReleaseStateTable {
  name: string;
  value: string;
  updated_at: string;
}

/** When each piece of scheduled work last ran, on whichever instance (shared-state/scheduled-runs-store.ts). */
export interface ScheduledRunsTable {
  name: string;
  last_run_at: string;
}

/** A staff member of a client (issue 32). */
export interface StaffMembersTable {
  id: Generated<number>;
  client_code: string;
  name: string;
  bio: string;
  /** A picture's media name, or null. */
  photo: string | null;
  /** 1 when the member takes bookings and is listed. */
  active: Generated<number>;
  /** The owner's order; lists and the fair "any" choice use it, then id. */
  display_order: Generated<number>;
  version: Generated<number>;
  created_at: string;
}

/** A treatment a staff member performs, optionally at their own length and price. */
export interface StaffTreatmentsTable {
  client_code: string;
  staff_id: number;
  treatment_id: number;
  duration_minutes: number | null;
  price_pence: number | null;
}

/** One span of a staff member's weekly hours; the gaps between a day's spans are breaks. */
export interface StaffHoursTable {
  client_code: string;
  staff_id: number;
  /** sun … sat */
  weekday: string;
  /** HH:mm, local. */
  start_time: string;
  end_time: string;
}

/** A staff member's time off, whole local days from from_date to to_date inclusive. */
export interface StaffTimeOffTable {
  id: Generated<number>;
  client_code: string;
  staff_id: number;
  from_date: string;
  to_date: string;
  /** holiday | sickness | other */
  kind: string;
  note: string | null;
}

/** A private calendar feed (issue 32): its link's token is kept only as a hash. */
export interface CalendarFeedsTable {
  id: Generated<number>;
  client_code: string;
  /** The therapist whose bookings it lists; null for the whole salon. */
  staff_id: number | null;
  /** SHA-256 (hex) of the link's secret token. */
  token_hash: string;
  created_at: string;
  /** Set when the owner revokes it; the link answers 404 from then on. */
  revoked_at: string | null;
}

/** One person a client has dealt with (issue 33, customers/README.md). */
export interface CustomersTable {
  id: Generated<number>;
  client_code: string;
  name: string;
  /** Lower-cased and trimmed; null when none was given. */
  email: string | null;
  /** As last given, for showing. */
  telephone: string | null;
  /** Digits only, UK numbers written 07…: what matching compares (customer-matching.ts). */
  telephone_digits: string | null;
  /** 1 when the customer agreed to marketing e-mails. */
  marketing: Generated<number>;
  consent_at: string | null;
  /** How consent was given, e.g. "online booking". */
  consent_source: string | null;
  created_at: string;
  updated_at: string;
  last_activity_at: string;
  /** The record this one was merged into; a merged record is never matched again. */
  merged_into: number | null;
}

export interface CustomerNotesTable {
  id: Generated<number>;
  customer_id: number;
  client_code: string;
  /** note | allergy | patch-test */
  kind: string;
  text: string;
  patch_test_date: string | null;
  /** pass | fail */
  patch_test_result: string | null;
  created_at: string;
  author_owner_id: number | null;
  /** The treatment a patch test was for (issue 33), when the owner said. */
  patch_test_treatment_id: Generated<number | null>;
}

/** An enquiry sent through the site's forms, on its customer's record (migration 0023). */
export interface CustomerEnquiriesTable {
  id: Generated<number>;
  client_code: string;
  customer_id: number;
  /** contact | travel */
  form: string;
  subject: string;
  created_at: string;
}

/** Page views per client, local day and path (issue 34): no visitor, no address, no cookie. */
export interface SiteVisitsTable {
  client_code: string;
  day: string;
  path: string;
  views: number;
}

/** An owner's morning e-mail (issue 34): on or off, and the local hour it is sent from. */
export interface MorningSummarySettingsTable {
  owner_id: number;
  client_code: string;
  enabled: number;
  send_hour: number;
  version: number;
}

/** A client's Stripe keys (issue 36), sealed with PAYMENTS_ENCRYPTION_KEY (payments/secret-box.ts). */
export interface PaymentSettingsTable {
  client_code: string;
  secret_key_sealed: string;
  webhook_secret_sealed: string;
  secret_key_hint: string;
  webhook_secret_hint: string;
  /** Issue 36, the Payments screen: 0 when the owner has switched card payment off (keys kept). */
  enabled: Generated<number>;
  version: number;
  updated_at: string;
}

/** Each Stripe event applied, once per client and event id. */
export interface PaymentEventsTable {
  id: Generated<number>;
  client_code: string;
  event_id: string;
  event_type: string;
  order_id: number | null;
  /** The booking a deposit event was for (issue 36, migration 0029). */
  booking_id: Generated<number | null>;
  received_at: string;
}

export interface Database {
  payment_settings: PaymentSettingsTable;
  payment_events: PaymentEventsTable;
  deposit_settings: DepositSettingsTable;
  clients: ClientsTable;
  client_drafts: ClientDraftsTable;
  products: ProductsTable;
  reviews: ReviewsTable;
  review_settings: ReviewSettingsTable;
  review_requests: ReviewRequestsTable;
  categories: CategoriesTable;
  shop_categories: ShopCategoriesTable;
  treatments: TreatmentsTable;
  bookings: BookingsTable;
  booking_treatments: BookingTreatmentsTable;
  outbox: OutboxTable;
  booking_rules: BookingRulesTable;
  order_counters: OrderCountersTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  shop_settings: ShopSettingsTable;
  discount_codes: DiscountCodesTable;
  discount_redemptions: DiscountRedemptionsTable;
  owners: OwnersTable;
  owner_sessions: OwnerSessionsTable;
  owner_tokens: OwnerTokensTable;
  audit_log: AuditLogTable;
  release_state: ReleaseStateTable;
  scheduled_runs: ScheduledRunsTable;
  site_visits: SiteVisitsTable;
  morning_summary_settings: MorningSummarySettingsTable;
  staff_members: StaffMembersTable;
  staff_treatments: StaffTreatmentsTable;
  staff_hours: StaffHoursTable;
  staff_time_off: StaffTimeOffTable;
  calendar_feeds: CalendarFeedsTable;
  customers: CustomersTable;
  customer_notes: CustomerNotesTable;
  customer_enquiries: CustomerEnquiriesTable;
}
