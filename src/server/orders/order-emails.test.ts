import { describe, expect, it } from 'vitest';
import {
  orderStatusMessage,
  renderCustomerOrderMail,
  renderOrderStatusMail,
  renderOwnerOrderMail,
} from './order-emails.js';
import { orderStatuses } from '../../common/orders.js';

const input = {
  orderNumber: 'SE-000042',
  client: {
    title: 'Oasis',
    email: 'shop@example.com',
    telephoneNo: '0131 000 0000',
    usesCart: true,
    pricesInPence: false,
  },
  customer: {
    name: 'Ann <b>Example</b>\nBcc: victim@evil.example',
    email: 'ann@example.com',
    telephone: '07700 900123',
    address: '1 High Street\nEdinburgh',
    message: 'Please call <script>alert(1)</script>',
  },
  lines: [
    { productId: 2, title: 'Oasis <Serenity>', quantity: 2, unitPrice: 8995, lineAmount: 17990 },
  ],
  total: 17990,
};

describe('order e-mails', () => {
  it("give the owner the number, the customer's details and the server's figures, escaped", () => {
    const mail = renderOwnerOrderMail(input);
    expect(mail.subject).toBe(
      '[Oasis] New order SE-000042 from Ann <b>Example</b> Bcc: victim@evil.example',
    );
    expect(mail.html).toContain('SE-000042');
    expect(mail.html).toContain('Oasis &lt;Serenity&gt;');
    expect(mail.html).toContain('£17.990,00');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('1 High Street<br>Edinburgh');
    // A line break in a single-line field cannot start a forged line in the text body.
    expect(mail.text).not.toMatch(/^Bcc:/m);
    expect(mail.text).toContain('Oasis <Serenity> | 2 | £17.990,00');
  });

  it('acknowledge the order to the customer with the number, the lines and how to reach the shop', () => {
    const mail = renderCustomerOrderMail(input);
    expect(mail.subject).toBe('Your order SE-000042 with Oasis');
    expect(mail.text).toContain('has received your order SE-000042');
    expect(mail.text).toContain('Total: £17.990,00');
    expect(mail.text).toContain('shop@example.com or 0131 000 0000');
    expect(mail.html).toContain('<strong>SE-000042</strong>');
    expect(mail.html).not.toContain('<b>Example</b>');
    // Until payments exist (issue 35): said plainly in both bodies.
    expect(mail.text).toContain('Nothing is charged until we contact you');
    expect(mail.html).toContain('Nothing is charged until we contact you');
  });

  it('a card order (issue 36) never says nothing is charged, and tells the owner how it is paid', () => {
    const customerMail = renderCustomerOrderMail({ ...input, payByCard: true });
    expect(customerMail.text).not.toMatch(/nothing is charged/i);
    expect(customerMail.html).not.toMatch(/nothing is charged/i);
    expect(customerMail.text).toContain('You chose to pay by card');
    const ownerMail = renderOwnerOrderMail({ ...input, payByCard: true });
    expect(ownerMail.text).toContain('Payment: Card, on Stripe');
    expect(renderOwnerOrderMail(input).text).not.toContain('Payment:');
  });

  it('read Subtotal … Total once: the items table carries no total row of its own', () => {
    const priced = {
      ...input,
      total: 1799000,
      money: {
        subtotal: 1799000,
        discount: 0,
        discountCode: null,
        delivery: 0,
        net: 1499167,
        vat: 299833,
        total: 1799000,
        vatRate: 20,
        vatRegistered: true,
        pricesIncludeVat: true,
        vatNumber: 'GB123456789',
        fulfilment: { method: 'collection' as const },
      },
    };
    for (const mail of [renderCustomerOrderMail(priced), renderOwnerOrderMail(priced)]) {
      expect(mail.html).not.toContain('<tfoot>');
      expect(mail.html.match(/>Total</g) ?? []).toHaveLength(1);
      expect(mail.html.match(/>Subtotal</g) ?? []).toHaveLength(1);
    }
  });
});

describe('order status e-mails (issue 35)', () => {
  it('offer a message for every status that names the order', () => {
    for (const status of orderStatuses) {
      expect(orderStatusMessage(status, 'SE-000042', input.client)).toContain('SE-000042');
    }
    expect(orderStatusMessage('completed', 'SE-000042', input.client)).toContain('Oasis');
    expect(orderStatusMessage('cancelled', 'SE-000042', input.client)).toMatch(/cancelled/);
  });

  it("send the owner's message word for word, escaped in the HTML, with the shop's contact", () => {
    const mail = renderOrderStatusMail({
      orderNumber: 'SE-000042',
      client: input.client,
      customerName: 'Ann\nBcc: x@evil.example',
      status: 'contacted',
      message: 'Your tub ships <b>Tuesday</b>\nSee you then',
    });
    expect(mail.subject).toBe('Your order SE-000042 with Oasis is in hand');
    expect(mail.text).toContain('Your tub ships <b>Tuesday</b>\nSee you then');
    expect(mail.text).toContain('Dear Ann Bcc: x@evil.example,');
    expect(mail.text).toContain('shop@example.com or 0131 000 0000');
    expect(mail.html).toContain('Your tub ships &#60;b&#62;Tuesday&#60;/b&#62;<br>See you then');
    expect(mail.html).not.toContain('<b>Tuesday');
  });
});
