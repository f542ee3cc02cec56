import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../../common/client-config.js';
import { bookingCalendar } from './booking-calendar.js';
import { buildBookingIcs, foldLine, icsText, icsUtc, parseIcs } from './booking-ics.js';
import { newBookingReference, normaliseBookingReference } from '../booking-reference.js';

const client = {
  name: 'RRB',
  title: 'Rose, Rowan; Beauty',
  email: 'hello@rrb.example',
  telephoneNo: '01506 000000',
  address: '1 High Street, Linlithgow',
  timeZone: 'Europe/London',
  hostNames: ['rrb.localhost', 'rrb.example'],
} as ClientConfig;

const booking = {
  reference: 'AB12CD34',
  date: '2026-10-25',
  startMinute: 10 * 60,
  durationMinutes: 90,
  treatmentNames: ['Facial', 'Brows'],
  customerName: 'Ann "Quote" Example',
  customerEmail: 'ann@example.com',
  sequence: 0,
};

const stamp = new Date('2026-10-01T12:00:00Z');

describe('the calendar file of a booking', () => {
  it('puts the local time at the right instant either side of a clock change', () => {
    // 25 October 2026: the UK goes back to GMT at 02:00; 10:00 that day is 10:00 UTC.
    const after = parseIcs(bookingCalendar(client, booking, 'REQUEST', 'x@y', stamp).content);
    expect(after).toMatchObject({ DTSTART: '20261025T100000Z', DTEND: '20261025T113000Z' });
    // The day before is still BST: 10:00 local is 09:00 UTC.
    const before = parseIcs(
      bookingCalendar(client, { ...booking, date: '2026-10-24' }, 'REQUEST', 'x@y', stamp).content,
    );
    expect(before.DTSTART).toBe('20261024T090000Z');
    // 29 March 2026: forward to BST at 01:00; 10:00 is 09:00 UTC, a day before it was 10:00 UTC.
    const spring = parseIcs(
      bookingCalendar(client, { ...booking, date: '2026-03-29' }, 'REQUEST', 'x@y', stamp).content,
    );
    expect(spring.DTSTART).toBe('20260329T090000Z');
    const springBefore = parseIcs(
      bookingCalendar(client, { ...booking, date: '2026-03-28' }, 'REQUEST', 'x@y', stamp).content,
    );
    expect(springBefore.DTSTART).toBe('20260328T100000Z');
    // An appointment across the change lasts its real length: 01:00 BST + 90 min = 01:30 GMT.
    const across = parseIcs(
      bookingCalendar(client, { ...booking, startMinute: 60 }, 'REQUEST', 'x@y', stamp).content,
    );
    expect([across.DTSTART, across.DTEND]).toEqual(['20261025T000000Z', '20261025T013000Z']);
  });

  it('keeps one UID per booking, counts changes in SEQUENCE and cancels with METHOD:CANCEL', () => {
    const first = parseIcs(bookingCalendar(client, booking, 'REQUEST', 'x@y', stamp).content);
    const cancel = parseIcs(
      bookingCalendar(client, { ...booking, sequence: 2 }, 'CANCEL', 'x@y', stamp).content,
    );
    expect(first).toMatchObject({ METHOD: 'REQUEST', UID: 'booking-AB12CD34@rrb.example' });
    expect(first.SEQUENCE).toBe('0');
    expect(cancel).toMatchObject({
      METHOD: 'CANCEL',
      UID: first.UID,
      SEQUENCE: '2',
      STATUS: 'CANCELLED',
    });
    expect(first.ORGANIZER).toBe('mailto:hello@rrb.example');
    expect(first.LOCATION).toBe('1 High Street\\, Linlithgow');
  });

  it('escapes text, quotes names and folds long lines at 75 octets with CRLF', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const ics = buildBookingIcs({
      method: 'REQUEST',
      uid: 'u@h',
      sequence: 1,
      start: 0,
      end: 60_000,
      stamp: 0,
      summary: 'é'.repeat(100),
      description: 'd',
      location: 'l',
      organizer: { name: 'O "x"', email: 'o@h' },
      attendee: { name: 'A', email: 'a@h' },
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(parseIcs(ics).SUMMARY).toBe('é'.repeat(100));
    expect(ics).toContain('ORGANIZER;CN="O x":mailto:o@h');
    expect(foldLine('x'.repeat(80)).split('\r\n ')).toHaveLength(2);
    expect(icsUtc(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('20260102T030405Z');
  });

  it('folds lines of one-, two-, three- and four-octet characters at 75 octets without splitting one', () => {
    const alphabet = ['a', 'é', '€', '😀'];
    for (let seed = 1; seed <= 200; seed++) {
      let line = '';
      for (let i = 0; i < (seed * 7) % 160; i++) line += alphabet[(seed * 31 + i * i) % 4];
      const parts = foldLine(line).split('\r\n ');
      expect(parts.join('')).toBe(line);
      parts.forEach((part, index) => {
        const octets = new TextEncoder().encode(part).length;
        expect(octets).toBeLessThanOrEqual(index === 0 ? 75 : 74);
        // Folded as late as the next character allows.
        if (index < parts.length - 1) {
          const next = [...parts[index + 1]!][0]!;
          expect(octets + new TextEncoder().encode(next).length).toBeGreaterThan(
            index === 0 ? 75 : 74,
          );
        }
      });
    }
    expect(foldLine('short ASCII line')).toBe('short ASCII line');
  });
});

describe('the calendar file names the therapist (issue 32)', () => {
  it('in the summary and the description, when one is assigned', () => {
    const named = parseIcs(
      bookingCalendar(client, { ...booking, staffName: 'Kirsty Paterson' }, 'REQUEST', 'x@y', stamp)
        .content,
    );
    // Text as the file has it: commas and semicolons escaped.
    expect(named.SUMMARY).toBe('Facial\\, Brows with Kirsty Paterson at Rose\\, Rowan\\; Beauty');
    expect(named.DESCRIPTION).toContain('\\, with Kirsty Paterson.');
    const plain = parseIcs(bookingCalendar(client, booking, 'REQUEST', 'x@y', stamp).content);
    expect(plain.SUMMARY).toBe('Facial\\, Brows at Rose\\, Rowan\\; Beauty');
  });
});

describe('booking references', () => {
  it('are 8 Crockford base32 characters from random bytes', () => {
    expect(newBookingReference(Uint8Array.from([0, 0, 0, 0, 0]))).toBe('00000000');
    expect(newBookingReference(Uint8Array.from([255, 255, 255, 255, 255]))).toBe('ZZZZZZZZ');
    const seen = new Set(Array.from({ length: 1000 }, () => newBookingReference()));
    expect(seen.size).toBe(1000);
    for (const ref of seen) expect(ref).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(normaliseBookingReference('ab1o-il 2')).toBe('AB10112');
  });
});
