import { describe, expect, it } from 'vitest';
import { renderCustomerRefundMail } from './refund-emails.js';

describe('the customer’s refund e-mail', () => {
  const input = {
    orderNumber: 'SE-000123',
    customerName: 'Ann <Example>',
    businessName: 'Shop',
    refundPence: 550,
    refundedPence: 550,
    paidPence: 2000,
    cancelled: false,
  };
  it('says how much, of what was paid, in pounds, with the name escaped in HTML', () => {
    const mail = renderCustomerRefundMail(input);
    expect(mail.subject).toBe('Refund of £5.50 for order SE-000123');
    expect(mail.text).toContain('So far £5.50 of the £20.00 you paid has been refunded.');
    expect(mail.html).toContain('Ann &#60;Example&#62;');
  });
  it('says the order is cancelled and the whole refunded', () => {
    const mail = renderCustomerRefundMail({
      ...input,
      refundPence: 1450,
      refundedPence: 2000,
      cancelled: true,
    });
    expect(mail.text).toContain('We have cancelled order SE-000123 and refunded £14.50');
    expect(mail.text).toContain('That is the whole of the £20.00 you paid.');
  });
});
