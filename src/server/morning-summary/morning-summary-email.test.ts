import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../common/client-config.js';
import { isSummaryDue, renderMorningSummaryEmail } from './morning-summary-email.js';

const client = { name: 'RRB', title: 'Rose & Bloom', email: 'hello@example.com' } as ClientConfig;
const recipient = { ownerId: 7, email: 'owner@example.com' };
const links = { manage: 'https://rrb.example/manage' };

describe('the morning e-mail', () => {
  it('lists the day per therapist, orders waiting and failed e-mails, escaped', () => {
    const message = renderMorningSummaryEmail(
      {
        day: '2026-11-26',
        bookings: [
          {
            startMinute: 540,
            customerName: 'Ann <b>Lee</b>',
            status: 'booked',
            staffName: 'Mia',
            treatments: 'Gel nails',
          },
          {
            startMinute: 600,
            customerName: 'Bob',
            status: 'pending',
            staffName: 'Jo',
            treatments: '',
          },
          {
            startMinute: 660,
            customerName: 'Cy',
            status: 'booked',
            staffName: 'Mia',
            treatments: 'Brows',
          },
        ],
        ordersWaiting: 2,
        failedEmails: 1,
      },
      client,
      recipient,
      links,
      'Highstreet <no-reply@example.com>',
    );
    expect(message).toMatchObject({
      clientCode: 'RRB',
      to: 'owner@example.com',
      templateId: 'owner-morning-summary',
      idempotencyKey: 'morning-summary-7-2026-11-26',
      subject: 'Rose & Bloom today: 3 bookings, 2 orders waiting, 1 e-mail failed',
    });
    expect(message.text).toContain('Thursday, 26 November 2026');
    expect(message.text).toContain(
      'Mia (2)\n  09:00 Ann <b>Lee</b> – Gel nails\n  11:00 Cy – Brows',
    );
    expect(message.text).toContain('Jo (1)\n  10:00 Bob (not yet confirmed)');
    expect(message.html).toContain('Ann &#60;b&#62;Lee&#60;/b&#62;');
    expect(message.html).not.toContain('<b>Lee');
    expect(message.html).toContain('<h3>Mia (2)</h3>');
    expect(message.text).toContain('https://rrb.example/manage');
  });

  it('says none yet, and leaves out what the client does not have', () => {
    const message = renderMorningSummaryEmail(
      { day: '2026-11-26', bookings: [], ordersWaiting: undefined, failedEmails: 0 },
      client,
      recipient,
      links,
      'x@example.com',
    );
    expect(message.subject).toBe('Rose & Bloom today: 0 bookings');
    expect(message.text).toContain('None yet.');
    expect(message.text).not.toContain('Orders');
    expect(message.text).not.toContain('could not be delivered');
  });

  it('lists products running low, out of stock first, escaped; nothing when none is', () => {
    const render = (lowStock: Array<{ title: string; left: number }> | undefined) =>
      renderMorningSummaryEmail(
        { day: '2026-11-26', bookings: undefined, ordersWaiting: 0, failedEmails: 0, lowStock },
        client,
        recipient,
        links,
        'x@example.com',
      );
    const message = render([
      { title: 'Spa cover', left: 2 },
      { title: 'Tub <steps>', left: 0 },
      { title: 'Filter', left: 3 },
    ]);
    expect(message.subject).toBe('Rose & Bloom today: 0 orders waiting, 3 products running low');
    expect(message.text).toContain(
      'Running low (3)\n  Tub <steps>: out of stock\n  Spa cover: 2 left\n  Filter: 3 left',
    );
    expect(message.html).toContain('<h2>Running low (3)</h2>');
    expect(message.html).toContain('<li>Tub &#60;steps&#62;: out of stock</li>');
    expect(render([]).text).not.toContain('Running low');
    expect(render(undefined).text).not.toContain('Running low');
  });

  it('is due from the hour the owner chose, for four hours', () => {
    expect(isSummaryDue(6 * 60 + 59, 7)).toBe(false);
    expect(isSummaryDue(7 * 60, 7)).toBe(true);
    expect(isSummaryDue(10 * 60 + 59, 7)).toBe(true);
    expect(isSummaryDue(11 * 60, 7)).toBe(false);
    expect(isSummaryDue(0, 0)).toBe(true);
  });
});
