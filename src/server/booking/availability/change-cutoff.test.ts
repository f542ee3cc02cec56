import { describe, expect, it } from 'vitest';
import { changeDeadline } from './change-cutoff.js';

describe('changeDeadline', () => {
  const booking = { date: '2027-07-15', startMinute: 10 * 60 };

  it("is the owner's cut-off before the start, in the client's time zone", () => {
    // 10:00 in London in July is 09:00 UTC; 48 hours before.
    expect(changeDeadline(booking, { changeCutoffHours: 48 }, 'Europe/London').toISOString()).toBe(
      '2027-07-13T09:00:00.000Z',
    );
    expect(changeDeadline(booking, { changeCutoffHours: 0 }, 'Europe/London').toISOString()).toBe(
      '2027-07-15T09:00:00.000Z',
    );
  });

  it('is 24 hours before when the rules predate the setting', () => {
    expect(changeDeadline(booking, {}, 'Europe/London').toISOString()).toBe(
      '2027-07-14T09:00:00.000Z',
    );
  });
});
