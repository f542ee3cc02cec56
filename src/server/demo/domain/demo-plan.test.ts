import { describe, expect, it } from 'vitest';
import { planDemo, seededRandom, type DemoClientFacts } from './demo-plan.js';

const open = { open: 9 * 60, close: 17 * 60 };
const salon: DemoClientFacts = {
  code: 'RRB',
  today: '2026-11-26',
  treatments: [
    { id: 1, name: 'Gel nails', pricePence: 2500, durationMinutes: 45 },
    { id: 2, name: 'Brows', pricePence: 1500, durationMinutes: 30 },
  ],
  staffIds: [11, 12],
  products: [],
  openingMinutes: [null, open, open, open, open, open, open],
};

describe('planDemo', () => {
  it('is the same for the same seed, and different for another', () => {
    expect(planDemo(salon, 7)).toEqual(planDemo(salon, 7));
    expect(planDemo(salon, 7)).not.toEqual(planDemo(salon, 8));
    expect(seededRandom(1)()).toBeGreaterThanOrEqual(0);
  });

  it('books a month across every staff member, in opening hours, without overlaps', () => {
    const { bookings } = planDemo(salon, 3);
    const dates = bookings.map((b) => b.date).sort();
    expect(dates[0]! >= '2026-11-05').toBe(true);
    expect(dates.at(-1)! <= '2026-12-03').toBe(true);
    expect(new Set(bookings.map((b) => b.staffId))).toEqual(new Set([11, 12]));
    for (const b of bookings) {
      expect(b.startMinute).toBeGreaterThanOrEqual(open.open);
      expect(b.endMinute).toBeLessThanOrEqual(open.close);
      expect(new Date(`${b.date}T12:00:00Z`).getUTCDay()).not.toBe(0);
    }
    const lanes = new Map<string, typeof bookings>();
    for (const b of bookings) {
      const key = `${b.date} ${b.staffId}`;
      lanes.set(key, [...(lanes.get(key) ?? []), b]);
    }
    for (const lane of lanes.values()) {
      const sorted = [...lane].sort((a, b) => a.startMinute - b.startMinute);
      for (let i = 1; i < sorted.length; i++)
        expect(sorted[i]!.startMinute).toBeGreaterThanOrEqual(sorted[i - 1]!.endMinute);
    }
  });

  it('marks the past completed, no-show or cancelled and the future booked or cancelled', () => {
    const { bookings } = planDemo(salon, 5);
    const past = new Set(bookings.filter((b) => b.date < salon.today).map((b) => b.status));
    const future = new Set(bookings.filter((b) => b.date >= salon.today).map((b) => b.status));
    expect([...past].sort()).toEqual(['cancelled', 'completed', 'no-show']);
    expect([...future].every((s) => s === 'booked' || s === 'cancelled')).toBe(true);
    expect(future.has('booked')).toBe(true);
  });

  it('gives a shop orders in every status, and every client sent and failed e-mails', () => {
    const shop: DemoClientFacts = {
      ...salon,
      treatments: [],
      staffIds: [],
      products: [
        { id: 1, title: 'Hot tub cover', price: 199 },
        { id: 2, title: 'Filter', price: 25 },
      ],
    };
    const plan = planDemo(shop, 9);
    expect(plan.bookings).toEqual([]);
    expect(new Set(plan.orders.map((o) => o.status))).toEqual(
      new Set(['new', 'contacted', 'completed', 'cancelled']),
    );
    expect(new Set(plan.emails.map((e) => e.status))).toEqual(new Set(['sent', 'failed']));
    for (const order of plan.orders) expect(order.customer.email).toMatch(/@demo\.example$/);
  });
});
