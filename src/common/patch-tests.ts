import { addDays } from './booking.js';

/**
 * Patch tests (issue 33, docs/decisions/0065-patch-tests.md): pure rules shared by the booking
 * check on the server, the customer page and the visitor's explanation. Days are the client's
 * local calendar days, YYYY-MM-DD.
 */

/** A passed patch test covers treatments for this many calendar months after its day. */
export const patchTestValidMonths = 6;
/** The most hours an owner may ask between a patch test and the treatment (four weeks). */
export const maxPatchTestHours = 672;

export interface RecordedPatchTest {
  /** The day the test was done. */
  date: string;
  result: 'pass' | 'fail';
  /** When it was recorded (ISO), to order two tests of one day. */
  recordedAt: string;
}

export interface PatchTestTreatment {
  name: string;
  /** Hours a passed test must be before the treatment; null: no test needed. */
  patchTestHours: number | null;
}

/** The last day a test of `testDay` covers: the same day-of-month six months on (or the month's last). */
export function patchTestValidUntil(testDay: string): string {
  const [y, m, d] = testDay.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + patchTestValidMonths;
  const lastOfMonth = new Date(Date.UTC(y, monthIndex + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, monthIndex, Math.min(d, lastOfMonth))).toISOString().slice(0, 10);
}

/**
 * A test's time of day is not recorded, so the hours are counted in whole days from its day:
 * 48 hours means two days later, 12 hours the next day.
 */
export function firstDayAfterPatchTest(testDay: string, hours: number): string {
  return addDays(testDay, Math.ceil(hours / 24));
}

/** The chosen treatments that need a test, and the longest wait any of them asks. */
export function patchTestNeeds(treatments: readonly PatchTestTreatment[]): {
  names: string[];
  hours: number;
} {
  const needing = treatments.filter((t) => t.patchTestHours !== null && t.patchTestHours > 0);
  return {
    names: needing.map((t) => t.name),
    hours: Math.max(0, ...needing.map((t) => t.patchTestHours ?? 0)),
  };
}

/** Tests done by `today`, newest first (a later record of one day first). */
function testsDoneBy(tests: readonly RecordedPatchTest[], today: string): RecordedPatchTest[] {
  return tests
    .filter((t) => t.date <= today)
    .sort((a, b) =>
      a.date === b.date ? b.recordedAt.localeCompare(a.recordedAt) : b.date.localeCompare(a.date),
    );
}

/** The newest test done by today, whether it still covers today, and until when. */
export function latestPatchTest(
  tests: readonly RecordedPatchTest[],
  today: string,
): (RecordedPatchTest & { validUntil: string; valid: boolean }) | undefined {
  const latest = testsDoneBy(tests, today)[0];
  if (!latest) return undefined;
  const validUntil = patchTestValidUntil(latest.date);
  return { ...latest, validUntil, valid: latest.result === 'pass' && today <= validUntil };
}

export type PatchTestVerdict =
  | { ok: true }
  | { ok: false; reason: 'none' | 'failed' | 'expired' | 'too-close'; earliestDay?: string };

/**
 * Whether the customer's recorded tests allow an appointment on `appointmentDay` that needs a
 * test `hours` before. The newest test failing refuses (a reaction outweighs an older pass);
 * otherwise any passed test done by `today`, at least the hours before and still within six
 * months on the appointment's day, allows it. Tests dated after today are not done yet.
 */
export function checkPatchTest(input: {
  tests: readonly RecordedPatchTest[];
  hours: number;
  appointmentDay: string;
  today: string;
}): PatchTestVerdict {
  const { hours, appointmentDay } = input;
  if (hours <= 0) return { ok: true };
  const done = testsDoneBy(input.tests, input.today);
  if (done.length === 0) return { ok: false, reason: 'none' };
  if (done[0]!.result === 'fail') return { ok: false, reason: 'failed' };
  const passed = done.filter((t) => t.result === 'pass');
  const current = passed.filter((t) => appointmentDay <= patchTestValidUntil(t.date));
  if (current.some((t) => firstDayAfterPatchTest(t.date, hours) <= appointmentDay)) {
    return { ok: true };
  }
  if (current.length > 0) {
    return {
      ok: false,
      reason: 'too-close',
      earliestDay: firstDayAfterPatchTest(current[current.length - 1]!.date, hours),
    };
  }
  return { ok: false, reason: passed.length > 0 ? 'expired' : 'none' };
}

/** "48 hours", "1 hour". */
export function formatPatchTestHours(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

function listNames(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * What the visitor is told when the check refuses: which treatment needs the test, why this
 * booking is refused and what to do. `patchTestName` is the client's patch-test appointment, if
 * it has one to book online; `contact` how else to reach the business.
 */
export function patchTestRefusal(input: {
  verdict: Exclude<PatchTestVerdict, { ok: true }>;
  names: readonly string[];
  hours: number;
  patchTestName: string | undefined;
  contact: string;
  formatDay: (day: string) => string;
}): string {
  const { verdict, names, hours } = input;
  const needs = `${listNames(names)} ${names.length === 1 ? 'needs' : 'need'} a patch test at least ${formatPatchTestHours(hours)} before, passed in the last ${patchTestValidMonths} months.`;
  const bookTest = input.patchTestName
    ? `Please book a ${input.patchTestName} first, at least ${formatPatchTestHours(hours)} before this appointment (it counts once we have recorded its result), or ${input.contact}.`
    : `Please ${input.contact} to arrange a patch test at least ${formatPatchTestHours(hours)} before this appointment.`;
  switch (verdict.reason) {
    case 'failed':
      return `${needs} Your last patch test with us did not pass, so we cannot book this online. Please ${input.contact} and we will talk it through.`;
    case 'too-close':
      return `${needs} Your patch test is too recent for this day: please choose ${verdict.earliestDay ? `${input.formatDay(verdict.earliestDay)} or later` : 'a later day'}.`;
    case 'expired':
      return `${needs} Your last patch test with us was more than ${patchTestValidMonths} months before this appointment. ${bookTest}`;
    case 'none':
      return `${needs} We have no patch test recorded for this e-mail address. ${bookTest}`;
  }
}
