import { describe, expect, it } from 'vitest';
import { retentionYears } from '../../common/privacy.js';
import { planRetention, yearsBefore } from './retention-plan.js';

const hour = 60 * 60_000;

describe('planRetention', () => {
  const now = new Date('2026-11-26T08:00:00.000Z');
  const plan = planRetention(now, { sessionIdleMs: 12 * hour });

  it('reads the limits the privacy page prints', () => {
    expect(retentionYears).toEqual({ orders: 6, bookings: 2, enquiries: 2 });
    expect(plan.bookingsBeforeDate).toBe('2024-11-26');
    expect(plan.ordersCreatedBefore).toBe('2020-11-26T08:00:00.000Z');
    expect(plan.emailsCreatedBefore).toBe('2024-11-26T08:00:00.000Z');
  });

  it('ends tokens and sessions by their own expiry, with a grace for links', () => {
    expect(plan.sessionsExpiredBefore).toBe(now.toISOString());
    expect(plan.sessionsIdleSince).toBe('2026-11-25T20:00:00.000Z');
    expect(plan.ownerTokensExpiredBefore).toBe('2026-11-25T08:00:00.000Z');
    expect(plan.holdsEndedBefore).toBe('2026-10-27T08:00:00.000Z');
  });

  it('follows other limits when given them', () => {
    const other = planRetention(now, {
      sessionIdleMs: hour,
      years: { orders: 7, bookings: 1, enquiries: 3 },
    });
    expect(other.bookingsBeforeDate).toBe('2025-11-26');
    expect(other.ordersCreatedBefore).toBe('2019-11-26T08:00:00.000Z');
    expect(other.emailsCreatedBefore).toBe('2023-11-26T08:00:00.000Z');
  });

  it('counts calendar years, 29 February included', () => {
    expect(yearsBefore(new Date('2028-02-29T12:00:00Z'), 2).toISOString()).toBe(
      '2026-03-01T12:00:00.000Z',
    );
  });
});
