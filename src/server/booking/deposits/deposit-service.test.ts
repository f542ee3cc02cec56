import { describe, expect, it } from 'vitest';
import { depositOnCancel, depositWindowAfterMove, withDepositNote } from './deposit-service.js';

describe('a booking deposit on cancelling and moving', () => {
  const freeUntil = '2026-12-01T10:00:00.000Z';

  it('refunds before the free window ends, keeps it after, and does nothing unpaid', () => {
    const paid = { deposit_status: 'paid', deposit_free_until: freeUntil };
    expect(depositOnCancel(paid, new Date('2026-12-01T09:59:59Z'))).toBe('refund');
    expect(depositOnCancel(paid, new Date('2026-12-01T10:00:00Z'))).toBe('kept');
    expect(depositOnCancel({ ...paid, deposit_status: 'unpaid' }, new Date(0))).toBeUndefined();
    expect(depositOnCancel({ ...paid, deposit_status: null }, new Date(0))).toBeUndefined();
  });

  it('moves the free window with the appointment, keeping the same notice', () => {
    // 2 December 10:00 in London (GMT) with 24 hours' notice → moved to 5 December 14:30.
    const row = { booking_date: '2026-12-02', start_minute: 600, deposit_free_until: freeUntil };
    expect(depositWindowAfterMove(row, '2026-12-05', 870, 'Europe/London')).toBe(
      '2026-12-04T14:30:00.000Z',
    );
    expect(
      depositWindowAfterMove(
        { ...row, deposit_free_until: null },
        '2026-12-05',
        870,
        'Europe/London',
      ),
    ).toBeNull();
  });

  it('adds the policy to an e-mail’s text and HTML, escaped', () => {
    const message = withDepositNote(
      {
        clientCode: 'RRB',
        templateId: 't',
        from: 'a@example.com',
        to: 'b@example.com',
        subject: 's',
        html: '<html><body><p>Hi</p></body></html>',
        text: 'Hi',
      },
      'Deposit <£5> $& kept',
    );
    expect(message.html).toMatch(
      /^<html><body><p>Hi<\/p><p>Deposit &#60;£5&#62; \$&#38; kept<\/p><\/body><\/html>$/,
    );
    expect(message.text).toContain('Deposit <£5> $& kept');
  });
});
