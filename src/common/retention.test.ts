import { describe, expect, it } from 'vitest';
import { describeRetentionCounts, noRetentionCounts, retentionCountsSchema } from './retention.js';

describe('describeRetentionCounts', () => {
  it('words what went, in one line, singular and plural', () => {
    expect(
      describeRetentionCounts({
        ...noRetentionCounts,
        bookingsAnonymised: 3,
        ordersAnonymised: 1,
        ownerSessionsDeleted: 2,
      }),
    ).toBe('3 bookings anonymised, 1 order anonymised, 2 expired sessions deleted');
  });

  it('counts old enquiries and erased customer records (decision 0066)', () => {
    expect(
      describeRetentionCounts({ ...noRetentionCounts, enquiriesDeleted: 2, customersErased: 1 }),
    ).toBe('2 old enquiries deleted, 1 customer record erased');
  });

  it('reads a run recorded before those counts existed as none of them', () => {
    const { bookingsAnonymised, enquiriesDeleted, customersErased, ...older } = {
      ...noRetentionCounts,
      bookingsAnonymised: 1,
    };
    expect(retentionCountsSchema.parse({ bookingsAnonymised, ...older })).toEqual({
      ...noRetentionCounts,
      bookingsAnonymised: 1,
      enquiriesDeleted: 0,
      customersErased: 0,
    });
    expect(enquiriesDeleted + customersErased).toBe(0);
  });

  it('says so when nothing was old enough', () => {
    expect(describeRetentionCounts(noRetentionCounts)).toBe('nothing was old enough');
  });
});
