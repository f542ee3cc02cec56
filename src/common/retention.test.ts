import { describe, expect, it } from 'vitest';
import { describeRetentionCounts, noRetentionCounts } from './retention.js';

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

  it('says so when nothing was old enough', () => {
    expect(describeRetentionCounts(noRetentionCounts)).toBe('nothing was old enough');
  });
});
