import { formatCartAmount, renderCartTable, type CartClient } from '../../common/cart-rules.js';
import type { CheckoutForm } from '../../common/forms.js';
import type { PricedOrderLine } from '../../common/orders.js';
import { escapeHtml } from '../kernel/escape-html.js';

/** The client fields the order e-mails read. */
export interface OrderMailClient extends CartClient {
  title: string;
  email: string;
  telephoneNo?: string | undefined;
}

export interface OrderMailInput {
  orderNumber: string;
  client: OrderMailClient;
  customer: CheckoutForm;
  lines: readonly PricedOrderLine[];
  total: number;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const page = (body: string) =>
  `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1b1f24;line-height:1.5">${body}</body></html>`;

/** Line breaks in free text stay visible, after escaping. */
const multiline = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

function cartTable(input: OrderMailInput): string {
  return renderCartTable(
    input.lines.map((l) => ({
      id: l.productId,
      title: l.title,
      price: l.unitPrice,
      quantity: l.quantity,
    })),
    input.client,
  );
}

function cartText(input: OrderMailInput): string {
  return input.lines
    .map((l) => `${l.title} | ${l.quantity} | ${formatCartAmount(l.lineAmount, input.client)}`)
    .join('\n');
}

/** Single-line fields in a plain-text body: a line break in them must not start a new line. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/** The owner's copy: who ordered, what, and the total — every figure from the server. */
export function renderOwnerOrderMail(input: OrderMailInput): RenderedMail {
  const { client, customer, orderNumber } = input;
  const total = formatCartAmount(input.total, client);
  const rows: Array<[string, string]> = [
    ['Order', orderNumber],
    ['Name', customer.name],
    ['Email', customer.email],
    ['Phone', customer.telephone],
    ['Address', customer.address],
    ['Message', customer.message],
    ['Total', total],
  ];
  const html = page(
    [
      `<h1 style="font-size:20px">New order ${escapeHtml(orderNumber)} for ${escapeHtml(client.title)}</h1>`,
      '<table cellpadding="6" style="border-collapse:collapse">',
      ...rows.map(
        ([label, value]) =>
          `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd">${label}</th><td style="border-bottom:1px solid #ddd">${multiline(value)}</td></tr>`,
      ),
      '</table>',
      '<h2 style="font-size:16px">Items</h2>',
      cartTable(input),
    ].join('\n'),
  );
  const text = [
    `New order ${orderNumber} for ${client.title}`,
    '',
    ...rows.map(([label, value]) =>
      label === 'Address' || label === 'Message'
        ? `${label}: ${value}`
        : `${label}: ${oneLine(value)}`,
    ),
    '',
    'Items:',
    cartText(input),
  ].join('\n');
  return {
    subject: `[${client.title}] New order ${orderNumber} from ${oneLine(customer.name)}`,
    html,
    text,
  };
}

/** The customer's acknowledgement: the number to quote, the lines and what happens next. */
export function renderCustomerOrderMail(input: OrderMailInput): RenderedMail {
  const { client, customer, orderNumber } = input;
  const total = formatCartAmount(input.total, client);
  const contact = client.telephoneNo ? `${client.email} or ${client.telephoneNo}` : client.email;
  const html = page(
    [
      `<h1 style="font-size:20px">Thank you for your order, ${escapeHtml(oneLine(customer.name))}</h1>`,
      `<p>${escapeHtml(client.title)} has received your order <strong>${escapeHtml(orderNumber)}</strong>. Nothing is charged until we contact you: we will call or e-mail you to arrange payment and delivery.</p>`,
      cartTable(input),
      `<p>Total: <strong>${escapeHtml(total)}</strong></p>`,
      `<p>Questions? Reply to this e-mail or contact us at ${escapeHtml(contact)}, quoting ${escapeHtml(orderNumber)}.</p>`,
    ].join('\n'),
  );
  const text = [
    `Thank you for your order, ${oneLine(customer.name)}`,
    '',
    `${client.title} has received your order ${orderNumber}. Nothing is charged until we contact you: we will call or e-mail you to arrange payment and delivery.`,
    '',
    cartText(input),
    `Total: ${total}`,
    '',
    `Questions? Reply to this e-mail or contact us at ${contact}, quoting ${orderNumber}.`,
  ].join('\n');
  return { subject: `Your order ${orderNumber} with ${client.title}`, html, text };
}
