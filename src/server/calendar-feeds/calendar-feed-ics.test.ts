import { describe, expect, it } from 'vitest';
import { buildCalendarFeed, feedEventText } from './calendar-feed-ics.js';

const start = Date.UTC(2026, 11, 3, 10, 0);

describe('buildCalendarFeed', () => {
  it('writes one VEVENT per booking, in UTC, with CRLF line ends and folded long lines', () => {
    const text = buildCalendarFeed({
      name: 'Ruby Rose Beauty, bookings',
      stamp: Date.UTC(2026, 10, 26, 8, 0),
      events: [
        {
          uid: 'booking-ABCD2345@rubyrosebeauty.co.uk',
          sequence: 2,
          start,
          end: start + 45 * 60_000,
          summary: 'Ann Example: Gel Manicure, Eyebrow Wax with Eilidh Fraser',
          description: 'Booking ABCD2345.\nA long line '.padEnd(120, 'x'),
          location: '1 Rose Lane; Linlithgow',
          status: 'CONFIRMED',
        },
      ],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('METHOD:PUBLISH\r\n');
    expect(unfolded).toContain('X-WR-CALNAME:Ruby Rose Beauty\\, bookings\r\n');
    expect(unfolded).toContain('UID:booking-ABCD2345@rubyrosebeauty.co.uk\r\nSEQUENCE:2\r\n');
    expect(unfolded).toContain('DTSTART:20261203T100000Z\r\nDTEND:20261203T104500Z\r\n');
    expect(unfolded).toContain(
      'SUMMARY:Ann Example: Gel Manicure\\, Eyebrow Wax with Eilidh Fraser',
    );
    expect(unfolded).toContain('LOCATION:1 Rose Lane\\; Linlithgow');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('is a valid empty calendar without bookings', () => {
    const text = buildCalendarFeed({ name: 'Empty', stamp: start, events: [] });
    expect(text).not.toContain('VEVENT');
    expect(text).toContain('BEGIN:VCALENDAR\r\n');
  });
});

describe('feedEventText', () => {
  it('names the customer, the treatments, the therapist and the reference', () => {
    const { summary, description } = feedEventText({
      reference: 'ABCD2345',
      treatmentNames: ['Gel Manicure'],
      customerName: 'Ann Example',
      customerTelephone: '07700900123',
      customerEmail: 'ann@example.com',
      staffName: 'Eilidh Fraser',
      held: true,
    });
    expect(summary).toBe('Ann Example: Gel Manicure with Eilidh Fraser');
    expect(description).toContain('Booking ABCD2345 with Eilidh Fraser (held');
    expect(description).toContain('07700900123');
  });
});
