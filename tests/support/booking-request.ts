import { addDays, todayInTimeZone, type Treatment } from '../../src/common/booking.js';
import { weekdays } from '../../src/common/client-config.js';
import type { TestApp } from './test-app.js';

export const bookingCustomer = {
  name: 'Ann Example',
  dob: '1900-01-01 00:00:00',
  telephone: '07700900123',
  email: 'ann@example.com',
  doorNo: '12 Rose Lane',
  postCode: 'EH49 7AB',
  gdprConsent: true,
  gift: false,
  marketing: false,
};

/**
 * A booking request for the salon (RRB) at a free time on an open day a few days ahead, as the
 * browser sends it; `customer` overrides some of the customer's fields.
 */
export async function freeBookingRequest(
  t: TestApp,
  customer: Partial<typeof bookingCustomer> = {},
  skipTimes = 0,
): Promise<Record<string, unknown>> {
  const client = t.registry.byCode('RRB')!;
  const rules = client.booking!;
  const today = todayInTimeZone(client.timeZone);
  let date = '';
  for (let ahead = 3; ahead < rules.horizonDays; ahead++) {
    const candidate = addDays(today, ahead);
    const weekday = weekdays[new Date(`${candidate}T12:00:00Z`).getUTCDay()]!;
    if (rules.openingHours[weekday] && !rules.closedDates.includes(candidate)) {
      date = candidate;
      break;
    }
  }
  // The salon by its host too, so this works with preview off (production settings).
  const headers = { host: 'rrb.localhost' };
  const [treatment] = (
    await t.app.inject({ url: '/api/treatments/list?client=RRB', headers })
  ).json<Treatment[]>();
  const times = (
    await t.app.inject({
      method: 'POST',
      url: '/api/bookings/time?client=RRB',
      headers,
      payload: { bookingDate: date, estmatedDuration: treatment!.Duration },
    })
  ).json<string[]>();
  return {
    totalPrice: treatment!.Price,
    totalDuration: treatment!.Duration,
    startTime: `${date} ${times[skipTimes]}:00`,
    endTime: `${date} 23:00:00`,
    customer: { ...bookingCustomer, ...customer },
    treatments: [treatment],
  };
}
