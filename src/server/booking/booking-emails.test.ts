import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../common/client-config.js';
import { cancellationTemplateId, renderCancellationEmail } from './booking-emails.js';

const client = {
  name: 'RRB',
  title: 'Rose & Rowan Beauty',
  email: 'hello@rrb.example',
  telephoneNo: '01506 000000',
  address: '1 High Street, Linlithgow',
} as ClientConfig;

const booking = {
  id: 42,
  date: '2026-12-09',
  start: '10:30',
  customerName: 'Ann <b>Example</b>',
  customerEmail: 'ann@example.com',
  treatmentNames: ['Facial', 'Brows'],
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
    expect(message.text).not.toContain('Reason');
  });

  it('gives the reason when the owner wrote one, escaped in the HTML part', () => {
    const message = renderCancellationEmail(
      { ...booking, reason: '  Therapist ill <script>  ' },
      client,
      'noreply@highstreet.example',
    );
    expect(message.text).toContain('Reason: Therapist ill <script>');
    expect(message.html).toContain('Reason: Therapist ill &#60;script&#62;');
    expect(message.html).toContain('Ann &#60;b&#62;Example&#60;/b&#62;');
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('Rose &#38; Rowan Beauty');
  });
});
