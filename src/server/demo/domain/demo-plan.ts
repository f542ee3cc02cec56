/**
 * The demo data of one client (issue 38, `npm run demo`): a month of bookings (the past three
 * weeks and the next one) across its staff, orders in every status, and sent and failed e-mails,
 * so a newcomer's back office shows a living business. Pure and seeded: the same seed and day
 * give the same rows, and nothing overlaps in one staff member's (or the diary's) day.
 */

/** Every demo customer's address is at this domain: what `--reset` finds and removes. */
export const demoEmailDomain = 'demo.example';

export interface DemoTreatment {
  id: number;
  name: string;
  pricePence: number;
  durationMinutes: number;
}

export interface DemoProduct {
  id: number;
  title: string;
  /** As the client stores prices (pounds or pence): copied into the order line as it is. */
  price: number;
}

export interface DemoClientFacts {
  code: string;
  /** YYYY-MM-DD, the client's today. */
  today: string;
  treatments: DemoTreatment[];
  staffIds: number[];
  products: DemoProduct[];
  /** Opening minute and closing minute per weekday (0 = Sunday); null: closed. */
  openingMinutes: ({ open: number; close: number } | null)[];
}

export type DemoBookingStatus = 'booked' | 'completed' | 'no-show' | 'cancelled';

export interface DemoBooking {
  date: string;
  startMinute: number;
  endMinute: number;
  staffId: number | null;
  treatment: DemoTreatment;
  status: DemoBookingStatus;
  source: 'online' | 'phone' | 'walk-in';
  customer: DemoCustomer;
}

export interface DemoCustomer {
  name: string;
  email: string;
  telephone: string;
}

export interface DemoOrder {
  /** Days before today it was placed. */
  daysAgo: number;
  status: 'new' | 'contacted' | 'completed' | 'cancelled';
  customer: DemoCustomer;
  address: string;
  lines: { product: DemoProduct; quantity: number }[];
}

export interface DemoEmail {
  status: 'sent' | 'failed';
  daysAgo: number;
  customer: DemoCustomer;
  subject: string;
  lastError: string | null;
}

export interface DemoPlan {
  bookings: DemoBooking[];
  orders: DemoOrder[];
  emails: DemoEmail[];
}

/** mulberry32: a small seeded generator, so a plan can be tested. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstNames = [
  'Amara',
  'Ben',
  'Chloe',
  'Dev',
  'Ella',
  'Finn',
  'Grace',
  'Hamza',
  'Isla',
  'Jay',
  'Keira',
  'Leo',
  'Maya',
  'Noah',
  'Olivia',
  'Priya',
  'Rory',
  'Sofia',
  'Tom',
  'Zara',
];
const lastNames = [
  'Adeyemi',
  'Brown',
  'Campbell',
  'Davies',
  'Evans',
  'Fraser',
  'Green',
  'Hughes',
  'Iqbal',
  'Jones',
  'Khan',
  'Lewis',
  'MacLeod',
  'Nowak',
  'Okafor',
  'Patel',
  'Reid',
  'Smith',
  'Taylor',
  'Walker',
];
const streets = ['High Street', 'Station Road', 'Church Lane', 'Mill Road', 'Park Avenue'];
const failures = [
  '550 5.1.1 mailbox unavailable',
  'connect ETIMEDOUT 203.0.113.25:587',
  '552 5.2.2 mailbox full',
];

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

export function planDemo(facts: DemoClientFacts, seed: number): DemoPlan {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  let customerNumber = 0;
  const customer = (): DemoCustomer => {
    const first = pick(firstNames);
    const last = pick(lastNames);
    customerNumber++;
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}.${customerNumber}@${demoEmailDomain}`.toLowerCase(),
      telephone: `07700 900${String(100 + Math.floor(random() * 900))}`,
    };
  };

  const bookings: DemoBooking[] = [];
  const bookable = facts.treatments.filter((t) => t.durationMinutes > 0);
  if (bookable.length > 0) {
    const lanes: (number | null)[] = facts.staffIds.length > 0 ? facts.staffIds : [null];
    for (let offset = -21; offset <= 7; offset++) {
      const date = addDays(facts.today, offset);
      const hours = facts.openingMinutes[weekdayOf(date)];
      if (!hours) continue;
      for (const staffId of lanes) {
        // Each lane's day: a few bookings one after another, with gaps, inside opening hours.
        let minute = hours.open + 15 * Math.floor(random() * 4);
        const wanted = 1 + Math.floor(random() * 3);
        for (let n = 0; n < wanted; n++) {
          const treatment = pick(bookable);
          const end = minute + treatment.durationMinutes;
          if (end > hours.close) break;
          const past = offset < 0;
          const status: DemoBookingStatus = past
            ? chance(0.12)
              ? 'no-show'
              : chance(0.15)
                ? 'cancelled'
                : 'completed'
            : chance(0.12)
              ? 'cancelled'
              : 'booked';
          bookings.push({
            date,
            startMinute: minute,
            endMinute: end,
            staffId,
            treatment,
            status,
            source: pick(['online', 'online', 'online', 'phone', 'walk-in'] as const),
            customer: customer(),
          });
          minute = end + 15 * (1 + Math.floor(random() * 6));
        }
      }
    }
  }

  const orders: DemoOrder[] = [];
  if (facts.products.length > 0) {
    const statuses = ['new', 'contacted', 'completed', 'cancelled'] as const;
    for (let n = 0; n < 10; n++) {
      const status = statuses[n % statuses.length]!;
      const lineCount = 1 + Math.floor(random() * Math.min(3, facts.products.length));
      const chosen = new Set<DemoProduct>();
      while (chosen.size < lineCount) chosen.add(pick(facts.products));
      orders.push({
        // New orders are the latest; completed and cancelled ones older.
        daysAgo: status === 'new' ? Math.floor(random() * 3) : 3 + Math.floor(random() * 25),
        status,
        customer: customer(),
        address: `${1 + Math.floor(random() * 120)} ${pick(streets)}, Anytown AB1 2CD`,
        lines: [...chosen].map((product) => ({ product, quantity: 1 + Math.floor(random() * 2) })),
      });
    }
  }

  const emails: DemoEmail[] = [];
  for (let n = 0; n < 6; n++) {
    const failed = n < 2;
    emails.push({
      status: failed ? 'failed' : 'sent',
      daysAgo: Math.floor(random() * 20),
      customer: customer(),
      subject: failed
        ? 'Your booking is confirmed'
        : pick([
            'Your booking is confirmed',
            'Thank you for your order',
            'A reminder of your appointment',
          ]),
      lastError: failed ? pick(failures) : null,
    });
  }
  return { bookings, orders, emails };
}
