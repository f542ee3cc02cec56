import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../../common/client-config.js';
import { bookingCalendar } from './booking-calendar.js';
import { parseIcs } from './booking-ics.js';
import { ownerMoveTemplateId, renderOwnerMoveEmail } from './booking-move-email.js';

const client = {
  name: 'RRB',
  title: 'Rose & Rowan Beauty',
  email: 'hello@rrb.example',
  telephoneNo: '01506 000000',
  address: '1 High Street, Linlithgow',
  timeZone: 'Europe/London',
  hostNames: ['rrb.example', 'rrb.localhost'],
} as ClientConfig;

const moved = {
  id: 42,
  reference: 'AB12CD34',
  sequence: 2,
  date: '2026-12-10',
  start: '14:00',
  end: '14:45',
  previous: { date: '2026-12-09', start: '10:30' },
  staffName: 'Morven Taylor',
  previousStaffName: 'Eilidh Fraser',
  customerName: 'Ann <b>Example</b>',
  customerEmail: 'ann@example.com',
  treatmentNames: ['Facial'],
};

describe('renderOwnerMoveEmail (issue 32: the salon moves a booking)', () => {
  it('tells the customer the new time and therapist, once per version of the booking', () => {
    const message = renderOwnerMoveEmail(moved, client, 'noreply@highstreet.example', undefined);
    expect(message).toMatchObject({
      clientCode: 'RRB',
      templateId: ownerMoveTemplateId,
      from: '"Rose & Rowan Beauty" <noreply@highstreet.example>',
      to: 'ann@example.com',
      replyTo: 'hello@rrb.example',
      subject:
        'Your booking AB12CD34 at Rose & Rowan Beauty is now on Thursday, 10 December 2026 at 14:00',
      idempotencyKey: 'booking-42-moved-by-salon-2',
    });
    expect(message.text).toContain(
      'has moved your booking AB12CD34 for Facial from Wednesday, 9 December 2026 at 10:30 to Thursday, 10 December 2026 at 14:00, now with Morven Taylor.',
    );
    expect(message.text).toContain('New time: Thursday, 10 December 2026 at 14:00, until 14:45');
    expect(message.text).toContain('Therapist: Morven Taylor');
    expect(message.text).toContain('hello@rrb.example or 01506 000000');
    expect(message.html).toContain('Ann &#60;b&#62;Example&#60;/b&#62;');
    expect(message.html).not.toContain('<b>');
  });

  it('says "now with" only for a change of therapist alone, and no therapist without staff', () => {
    const sameTime = renderOwnerMoveEmail(
      { ...moved, date: '2026-12-09', start: '10:30' },
      client,
      'noreply@highstreet.example',
      undefined,
    );
    expect(sameTime.text).toContain(
      'has changed your booking AB12CD34 for Facial on Wednesday, 9 December 2026 at 10:30: it is now with Morven Taylor.',
    );
    const noStaff = renderOwnerMoveEmail(
      { ...moved, staffName: undefined, previousStaffName: undefined },
      client,
      'noreply@highstreet.example',
      undefined,
    );
    expect(noStaff.text).not.toContain('Therapist');
    expect(noStaff.text).not.toContain('now with');
  });

  it('carries the calendar update: the same UID as the booking, a higher SEQUENCE', () => {
    const facts = {
      reference: 'AB12CD34',
      date: '2026-12-09',
      startMinute: 630,
      durationMinutes: 45,
      treatmentNames: ['Facial'],
      customerName: 'Ann Example',
      customerEmail: 'ann@example.com',
    };
    const now = new Date('2026-12-01T09:00:00Z');
    const first = bookingCalendar(client, { ...facts, sequence: 0 }, 'REQUEST', 'x@y.example', now);
    const update = bookingCalendar(
      client,
      { ...facts, date: '2026-12-10', startMinute: 840, sequence: 2, staffName: 'Morven Taylor' },
      'REQUEST',
      'x@y.example',
      now,
    );
    const message = renderOwnerMoveEmail(moved, client, 'noreply@highstreet.example', update);
    const before = parseIcs(first.content);
    const after = parseIcs(message.ical!.content);
    expect(after.UID).toBe(before.UID);
    expect(Number(after.SEQUENCE)).toBeGreaterThan(Number(before.SEQUENCE));
    expect(after).toMatchObject({ METHOD: 'REQUEST', DTSTART: '20261210T140000Z' });
  });
});
