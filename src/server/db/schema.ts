import type { Generated } from 'kysely';

/** Table shapes for Kysely. Amounts are integers; timestamps are ISO-8601 UTC strings. */
export interface ClientsTable {
  code: string;
  /** JSON array of host names. */
  host_names: string;
  /** The validated client record as JSON. */
  config: string;
  updated_at: string;
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
}

export interface ReviewsTable {
  id: Generated<number>;
  client_code: string;
  review: string;
  reviewer: string;
  stars: number | null;
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
  /** booked | cancelled; only booked rows take a slot. */
  status: Generated<string>;
  /** online | phone | walk-in */
  source: Generated<string>;
  cancelled_at: string | null;
  cancel_reason: string | null;
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
}

export interface Database {
  clients: ClientsTable;
  products: ProductsTable;
  reviews: ReviewsTable;
  categories: CategoriesTable;
  treatments: TreatmentsTable;
  bookings: BookingsTable;
  booking_treatments: BookingTreatmentsTable;
  outbox: OutboxTable;
  booking_rules: BookingRulesTable;
}
