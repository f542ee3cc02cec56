import { describe, expect, it } from 'vitest';
import { renderCustomerPaidMail, renderOwnerPaidMail } from './payment-emails.js';

describe('payment e-mails', () => {
  const input = {
    orderNumber: 'SE-000012',
    customerName: 'Ann <b>',
    businessName: 'Hot Tubs',
    paidPence: 123456,
  };
  it('tells the owner the amount paid, in pounds', () => {
    const mail = renderOwnerPaidMail(input);
    expect(mail.subject).toBe('Paid by card: order SE-000012 (£1,234.56)');
    expect(mail.html).not.toContain('Ann <b>');
  });
  it('gives the customer a receipt with the order number', () => {
    const mail = renderCustomerPaidMail(input);
    expect(mail.text).toContain('£1,234.56 for order SE-000012');
    expect(mail.html).not.toContain('<b>');
  });
});
