import type { NewBooking } from '../../src/server/booking/booking-store.js';

/**
 * A booking row written straight into the database, for tests that need fixed figures (exports,
 * reports, the morning summary): RRB, 10:00–11:00, £45.50, booked, with a customer and consent.
 * Each test says only what differs.
 */
export function bookingRow(overrides: Partial<NewBooking> & { booking_date: string }): NewBooking {
  const at = overrides.created_at ?? `${overrides.booking_date.slice(0, 4)}-01-01T10:00:00.000Z`;
  return {
    client_code: 'RRB',
    start_minute: 600,
    end_minute: 660,
    total_price_pence: 4550,
    total_duration_minutes: 60,
    customer_name: 'Ann',
    customer_email: 'ann@example.com',
    customer_telephone: '07700900000',
    customer_door_no: '1',
    customer_post_code: 'EH1 1AA',
    marketing: 0,
    consent_at: at,
    consent_version: 'test',
    created_at: at,
    status: 'booked',
    reference: null,
    ...overrides,
  };
}
