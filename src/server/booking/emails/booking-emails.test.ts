import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../../common/client-config.js';
import type { StoredBooking } from '../../../common/booking.js';
import {
  cancellationTemplateId,
  renderCancellationEmail,
  renderBookingEmails,
  renderConfirmRequestEmail,
  renderReminderEmail,
  renderVisitorChangeEmails,
} from './booking-emails.js';

const client = {
  name: 'RRB',
  title: 'Rose & Rowan Beauty',
  email: 'hello@rrb.example',
  telephoneNo: '01506 000000',
  address: '1 High Street, Linlithgow',
  timeZone: 'Europe/London',
} as ClientConfig;

const booking = {
  id: 42,
  date: '2026-12-09',
  start: '10:30',
  customerName: 'Ann <b>Example</b>',
  customerEmail: 'ann@example.com',
  treatmentNames: ['Facial', 'Brows'],
};

/** A booking as stored: held for confirmation in one test, confirmed in another. */
const held: StoredBooking = {
  ID: 7,
  reference: 'AB12CD34',
  bookingDate: '2026-12-09',
  startTime: '2026-12-09 10:30:00',
  endTime: '2026-12-09 11:15:00',
  totalPrice: 27.5,
  totalDuration: 45,
  customer: {
    name: 'Ann <b>Example</b>',
    email: 'ann@example.com',
    telephone: '07700900123',
    doorNo: '12',
    postCode: 'EH49 7AB',
    gdprConsent: true,
    marketing: false,
  },
  treatments: [{ ID: 1, Name: 'Gel Manicure', Price: 27.5, Duration: 45 }],
  consentAt: '2026-12-01T10:00:00.000Z',
  consentVersion: 'v1',
};

describe('renderCancellationEmail', () => {
  it('tells the customer which booking is cancelled, from the business, once per booking', () => {
    const message = renderCancellationEmail(booking, client, 'noreply@highstreet.example');
    expect(message).toMatchObject({
      clientCode: 'RRB',
      templateId: cancellationTemplateId,
      from: '"Rose & Rowan Beauty" <noreply@highstreet.example>',
      to: 'ann@example.com',
      replyTo: 'hello@rrb.example',
      subject:
        'Your booking at Rose & Rowan Beauty on Wednesday, 9 December 2026 at 10:30 is cancelled',
      idempotencyKey: 'booking-42-cancelled',
    });
    expect(message.text).toContain(
      'cancelled your booking for Facial, Brows on Wednesday, 9 December 2026 at 10:30',
    );
    expect(message.text).toContain('hello@rrb.example or 01506 000000');
    expect(message.text).not.toContain('A message from');
  });

  it("gives the owner's message word for word, line by line, escaped in the HTML part", () => {
    const message = renderCancellationEmail(
      { ...booking, message: '  Therapist ill <script>\nSo sorry.  ' },
      client,
      'noreply@highstreet.example',
    );
    expect(message.text).toContain(
      'A message from Rose & Rowan Beauty:\nTherapist ill <script>\nSo sorry.',
    );
    expect(message.html).toContain('Therapist ill &#60;script&#62;<br>So sorry.');
    expect(message.html).toContain('Ann &#60;b&#62;Example&#60;/b&#62;');
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('Rose &#38; Rowan Beauty');
  });

  it('has no place for an internal note: whatever else the caller holds stays out', () => {
    const withNote = { ...booking, message: 'See you soon', internalNote: 'Owes £20 from May' };
    const message = renderCancellationEmail(withNote, client, 'noreply@highstreet.example');
    for (const part of [message.subject, message.text, message.html]) {
      expect(part).not.toContain('Owes £20');
    }
  });
});

describe('renderConfirmRequestEmail (issue 17: a new customer confirms a held booking)', () => {
  const link = 'https://rrb.example/booking/confirm/' + 'a'.repeat(43);

  it('asks the customer alone to confirm by a local time, with the link, once per booking', () => {
    const message = renderConfirmRequestEmail(
      held,
      client,
      'noreply@highstreet.example',
      link,
      new Date('2026-12-01T10:30:00Z'),
    );
    expect(message).toMatchObject({
      templateId: 'booking-confirm-request',
      to: 'ann@example.com',
      replyTo: 'hello@rrb.example',
      idempotencyKey: 'booking-7-confirm-request',
      subject:
        'Please confirm your booking at Rose & Rowan Beauty: Wednesday, 9 December 2026 at 10:30',
    });
    expect(message.ical).toBeUndefined();
    expect(message.text).toContain(`please confirm it by Tuesday 1 December at 10:30: ${link}`);
    expect(message.text).toContain('the time is released');
    expect(message.html).toContain(`<a href="${link}">${link}</a>`);
    expect(message.html).toContain('Ann &#60;b&#62;Example&#60;/b&#62;');
  });
});

describe('renderBookingEmails: the customer is told until when the link takes a change', () => {
  const stored: StoredBooking = {
    ...held,
    ID: 8,
    customer: { ...held.customer, name: 'Ann Example' },
  };
  const manageUrl = 'https://rrb.example/booking/manage/' + 'b'.repeat(43);

  it("says the owner's cut-off as a local time, beside the link", () => {
    const [, customer] = renderBookingEmails(stored, client, 'noreply@highstreet.example', {
      manageUrl,
      // 48 hours before 10:30 on 9 December (GMT).
      changeUntil: new Date('2026-12-07T10:30:00Z'),
    });
    expect(customer.text).toContain(
      `You can move or cancel your booking online until Monday 7 December at 10:30 with this link: ${manageUrl}`,
    );
    expect(customer.html).toContain(
      `online until Monday 7 December at 10:30 with this link: <a href="${manageUrl}">`,
    );
  });

  it('keeps the plain sentence when no cut-off is given, and none without a link', () => {
    const [, customer] = renderBookingEmails(stored, client, 'noreply@highstreet.example', {
      manageUrl,
    });
    expect(customer.text).toContain(`To move or cancel your booking, use this link: ${manageUrl}`);
    const [, noLink] = renderBookingEmails(stored, client, 'noreply@highstreet.example', {
      changeUntil: new Date('2026-12-07T10:30:00Z'),
    });
    expect(noLink.text).not.toContain('move or cancel your booking online');
  });
});

describe('renderVisitorChangeEmails: a moved booking says until when it can move again', () => {
  const moved = {
    kind: 'moved' as const,
    id: 9,
    reference: 'EF56GH78',
    sequence: 1,
    date: '2026-12-10',
    start: '14:00',
    previous: { date: '2026-12-09', start: '10:30' },
    customerName: 'Ann Example',
    customerEmail: 'ann@example.com',
    treatmentNames: ['Facial'],
    manageUrl: 'https://rrb.example/booking/manage/' + 'c'.repeat(43),
  };

  it("gives the new time's cut-off beside the link", () => {
    const [customer] = renderVisitorChangeEmails(
      { ...moved, changeUntil: new Date('2026-12-08T14:00:00Z') },
      client,
      'noreply@highstreet.example',
      undefined,
    );
    expect(customer.text).toContain(
      `You can move or cancel it again online until Tuesday 8 December at 14:00: ${moved.manageUrl}`,
    );
    const [plain] = renderVisitorChangeEmails(
      moved,
      client,
      'noreply@highstreet.example',
      undefined,
    );
    expect(plain.text).toContain(`To move or cancel it again: ${moved.manageUrl}`);
  });
});

describe('the e-mails name the therapist (issue 32)', () => {
  const withStaff: StoredBooking = {
    ...held,
    ID: 9,
    customer: { ...held.customer, name: 'Ann Example' },
    staff: { id: 3, name: 'Kirsty <Paterson>' },
  };

  it('in both confirmations, escaped in the HTML, and not when nobody is assigned', () => {
    const [business, customer] = renderBookingEmails(withStaff, client, 'noreply@x.example', {});
    for (const message of [business, customer]) {
      expect(message.text).toContain('Therapist: Kirsty <Paterson>');
      expect(message.html).toContain('Kirsty &#60;Paterson&#62;');
      expect(message.html).not.toContain('Kirsty <Paterson>');
    }
    const [, without] = renderBookingEmails(
      { ...withStaff, staff: undefined },
      client,
      'noreply@x.example',
      {},
    );
    expect(without.text).not.toContain('Therapist');
  });

  it('in the confirm request and the reminder', () => {
    const request = renderConfirmRequestEmail(
      withStaff,
      client,
      'noreply@x.example',
      'https://rrb.example/booking/confirm/x',
      new Date('2026-12-02T10:00:00Z'),
    );
    expect(request.text).toContain('with Kirsty <Paterson> at Rose & Rowan Beauty');
    const reminder = renderReminderEmail(
      { ...booking, reference: 'AB12CD34', sequence: 0, staffName: 'Kirsty Paterson' },
      client,
      'noreply@x.example',
      new Date('2026-12-08T10:30:00Z'),
    );
    expect(reminder.text).toContain(
      'for Facial, Brows with Kirsty Paterson at Rose & Rowan Beauty',
    );
    const plain = renderReminderEmail(
      { ...booking, reference: 'AB12CD34', sequence: 0 },
      client,
      'noreply@x.example',
      new Date('2026-12-08T10:30:00Z'),
    );
    expect(plain.text).not.toContain(' with ');
  });
});
