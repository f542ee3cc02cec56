import { describe, expect, it } from 'vitest';
import {
  checkPatchTest,
  firstDayAfterPatchTest,
  latestPatchTest,
  patchTestNeeds,
  patchTestRefusal,
  patchTestValidUntil,
  type RecordedPatchTest,
} from './patch-tests.js';

const test = (date: string, result: 'pass' | 'fail', recordedAt = `${date}T10:00:00Z`) =>
  ({ date, result, recordedAt }) satisfies RecordedPatchTest;
const today = '2026-11-26';

describe('patch tests', () => {
  it('are valid for six calendar months, to the month’s last day when it is shorter', () => {
    expect(patchTestValidUntil('2026-06-10')).toBe('2026-12-10');
    expect(patchTestValidUntil('2026-08-31')).toBe('2027-02-28');
    expect(patchTestValidUntil('2026-09-30')).toBe('2027-03-30');
  });

  it('count the hours as whole days from the test’s day', () => {
    expect(firstDayAfterPatchTest('2026-11-23', 48)).toBe('2026-11-25');
    expect(firstDayAfterPatchTest('2026-11-23', 12)).toBe('2026-11-24');
    expect(firstDayAfterPatchTest('2026-11-23', 49)).toBe('2026-11-26');
  });

  it('name the chosen treatments that need one and the longest wait', () => {
    expect(
      patchTestNeeds([
        { name: 'Gel Manicure', patchTestHours: null },
        { name: 'Lash Lift & Tint', patchTestHours: 48 },
        { name: 'Brow Tint & Shape', patchTestHours: 24 },
      ]),
    ).toEqual({ names: ['Lash Lift & Tint', 'Brow Tint & Shape'], hours: 48 });
    expect(patchTestNeeds([{ name: 'Gel Manicure', patchTestHours: null }]).hours).toBe(0);
  });

  it('allow a treatment after a passed test 5 months old and at least the hours before', () => {
    const tests = [test('2026-06-28', 'pass')];
    expect(checkPatchTest({ tests, hours: 48, appointmentDay: '2026-12-01', today })).toEqual({
      ok: true,
    });
  });

  it('refuse without a test, after a failed one, an expired one, or one too close', () => {
    const check = (tests: RecordedPatchTest[], appointmentDay = '2026-12-01') =>
      checkPatchTest({ tests, hours: 48, appointmentDay, today });
    expect(check([])).toEqual({ ok: false, reason: 'none' });
    expect(check([test('2026-04-20', 'pass')])).toEqual({ ok: false, reason: 'expired' });
    expect(check([test('2026-11-20', 'fail')])).toEqual({ ok: false, reason: 'failed' });
    // The newest failing outweighs an older pass.
    expect(check([test('2026-10-01', 'pass'), test('2026-11-20', 'fail')])).toMatchObject({
      reason: 'failed',
    });
    expect(check([test('2026-11-26', 'pass')], '2026-11-27')).toEqual({
      ok: false,
      reason: 'too-close',
      earliestDay: '2026-11-28',
    });
    // A test dated after today is not done yet.
    expect(check([test('2026-11-28', 'pass')], '2026-12-10')).toEqual({
      ok: false,
      reason: 'none',
    });
  });

  it('take an older passed test when a newer pass is too close', () => {
    const tests = [test('2026-09-01', 'pass'), test('2026-11-26', 'pass')];
    expect(checkPatchTest({ tests, hours: 48, appointmentDay: '2026-11-27', today }).ok).toBe(true);
  });

  it('show the newest test and whether it still covers today', () => {
    expect(latestPatchTest([], today)).toBeUndefined();
    expect(
      latestPatchTest([test('2026-05-01', 'pass'), test('2026-07-01', 'pass')], today),
    ).toMatchObject({ date: '2026-07-01', validUntil: '2027-01-01', valid: true });
    expect(latestPatchTest([test('2026-05-01', 'pass')], today)).toMatchObject({ valid: false });
    expect(latestPatchTest([test('2026-11-01', 'fail')], today)).toMatchObject({ valid: false });
  });

  it('explain a refusal naming the treatment and what to do', () => {
    const message = patchTestRefusal({
      verdict: { ok: false, reason: 'none' },
      names: ['Lash Lift & Tint'],
      hours: 48,
      patchTestName: 'Patch test',
      contact: 'call 0131 000 0000',
      formatDay: (day) => day,
    });
    expect(message).toContain('Lash Lift & Tint needs a patch test at least 48 hours before');
    expect(message).toContain('Please book a Patch test first');
    expect(message).toContain('it counts once we have recorded its result');
    expect(
      patchTestRefusal({
        verdict: { ok: false, reason: 'too-close', earliestDay: '2026-11-28' },
        names: ['Lash Lift & Tint', 'Brow Tint & Shape'],
        hours: 48,
        patchTestName: undefined,
        contact: 'call us',
        formatDay: (day) => `day ${day}`,
      }),
    ).toContain('Lash Lift & Tint and Brow Tint & Shape need a patch test');
  });
});
