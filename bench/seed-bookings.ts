import { resolve } from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { prepareData } from '../src/server/startup.js';
import { localDateTimeParts } from './bench-dates.js';

const root = resolve(import.meta.dirname, '..');

/**
 * 5,000 bookings for RRB spread over the coming open days, some on the measured day; busyMonth is
 * the month that holds most of them.
 */
export async function seedBookings(
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<{ busyDay: string; busyMonth: string; freeDays: string[] }> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const config = loadConfig(env, root);
  const { handle, registry } = await prepareData(config, config.database, {
    images: false,
    migrate: true,
  });
  const rrb = registry.byCode('RRB')!;
  // Sixty free days for the two booking-creation runs: the horizon is taken out to 200 days.
  const horizonDays = 200;
  const stored = await handle.db
    .selectFrom('booking_rules')
    .select('rules')
    .where('client_code', '=', 'RRB')
    .executeTakeFirstOrThrow();
  await handle.db
    .updateTable('booking_rules')
    .set({ rules: JSON.stringify({ ...JSON.parse(stored.rules), horizonDays }) })
    .where('client_code', '=', 'RRB')
    .execute();
  const openDays: string[] = [];
  // Open days inside the booking horizon: the first 30 hold the 5,000 bookings, the next 60 stay free.
  for (let offset = 2; offset < horizonDays - 1 && openDays.length < 90; offset++) {
    const { date, weekday } = localDateTimeParts(
      new Date(Date.now() + offset * 86_400_000),
      rrb.timeZone,
    );
    if (rrb.booking?.openingHours[weekday] && !rrb.booking.closedDates.includes(date))
      openDays.push(date);
  }
  const rows = Array.from({ length: 5000 }, (_, i) => {
    const start = 9 * 60 + (i % 32) * 15;
    return {
      client_code: 'RRB',
      booking_date: openDays[i % 30]!,
      start_minute: start,
      end_minute: start + 15,
      total_price_pence: 1500,
      total_duration_minutes: 15,
      customer_name: `Bench ${i}`,
      customer_email: `bench${i}@example.com`,
      customer_telephone: '07700900000',
      customer_door_no: '1',
      customer_post_code: 'EH1 1AA',
      marketing: 0,
      consent_at: new Date().toISOString(),
      consent_version: 'bench',
      created_at: new Date().toISOString(),
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await handle.db
      .insertInto('bookings')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  await handle.close();
  // The month view's benchmark asks for the month holding most of the booked days.
  const bookedMonths = openDays.slice(0, 30).map((day) => day.slice(0, 7));
  const busyMonth = [...new Set(bookedMonths)].sort(
    (a, b) =>
      bookedMonths.filter((m) => m === b).length - bookedMonths.filter((m) => m === a).length,
  )[0]!;
  return { busyDay: openDays[0]!, busyMonth, freeDays: openDays.slice(30, 90) };
}
