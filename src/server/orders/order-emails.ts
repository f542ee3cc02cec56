import { formatCartAmount, renderCartTable, type CartClient } from '../../common/cart-rules.js';
import type { CheckoutForm } from '../../common/forms.js';
import { formatCartPrice } from '../../common/money.js';
import type { OrderMoney, OrderStatus, PricedOrderLine } from '../../common/orders.js';
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
  /** In the catalogue's units; superseded by `money` when it is given. */
  total: number;
  /** Issue 35: subtotal, discount, delivery, net, VAT and total as the server priced them. */
  money?: OrderMoney | undefined;
  /** Issue 36: the customer chose to pay now by card on Stripe's page (no "nothing charged"). */
  payByCard?: boolean | undefined;
}

/**
 * The money lines under the items (issue 35): subtotal, discount, delivery or collection, then
 * net, VAT and the total, and the VAT number when the client prints one.
 */
export function moneyLines(input: OrderMailInput): Array<[string, string]> {
  const money = input.money;
  if (!money) return [['Total', formatCartAmount(input.total, input.client)]];
  const rows: Array<[string, string]> = [['Subtotal', formatCartPrice(money.subtotal)]];
  if (money.discount > 0) {
    rows.push([
      `Discount (${money.discountCode ?? 'code'})`,
      `-${formatCartPrice(money.discount)}`,
    ]);
  }
  if (money.fulfilment?.method === 'delivery') {
    rows.push([`Delivery to ${money.fulfilment.postcode}`, formatCartPrice(money.delivery)]);
  } else if (money.fulfilment?.method === 'collection') {
    rows.push(['Collection from the shop', formatCartPrice(0)]);
  }
  if (money.vatRegistered) {
    rows.push(['Net', formatCartPrice(money.net)]);
    rows.push([`VAT at ${money.vatRate}%`, formatCartPrice(money.vat)]);
  }
  rows.push(['Total', formatCartPrice(money.total)]);
  if (money.vatNumber) rows.push(['VAT number', money.vatNumber]);
  return rows;
}

const moneyTableHtml = (input: OrderMailInput) =>
  `<table cellpadding="4">${moneyLines(input)
    .map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td align="right">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
const moneyText = (input: OrderMailInput) =>
  moneyLines(input).map(([label, value]) => `${label}: ${value}`);

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
    // Both order e-mails print the money lines (Subtotal … Total) beside the table.
    { subtotalRow: false },
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
  const rows: Array<[string, string]> = [
    ['Order', orderNumber],
    ['Name', customer.name],
    ['Email', customer.email],
    ['Phone', customer.telephone],
    ['Address', customer.address],
    ['Message', customer.message],
    // Issue 36: the owner knows not to ask for money a card payment may already be bringing.
    ...(input.payByCard
      ? [
          [
            'Payment',
            'Card, on Stripe: a "Paid by card" e-mail follows once Stripe confirms it',
          ] as [string, string],
        ]
      : []),
    ...moneyLines(input),
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

/**
 * What happens next. Issue 36: a card order is paid on Stripe's page, and a separate "payment
 * received" e-mail follows once Stripe says so; it must not say that nothing is charged.
 */
function nextStep(input: OrderMailInput): string {
  return input.payByCard
    ? 'You chose to pay by card: we will e-mail you again as soon as your payment has reached us, and then be in touch about delivery or collection.'
    : 'Nothing is charged until we contact you: we will call or e-mail you to arrange payment and delivery.';
}

/** The customer's acknowledgement: the number to quote, the lines and what happens next. */
export function renderCustomerOrderMail(input: OrderMailInput): RenderedMail {
  const { client, customer, orderNumber } = input;
  const contact = client.telephoneNo ? `${client.email} or ${client.telephoneNo}` : client.email;
  const html = page(
    [
      `<h1 style="font-size:20px">Thank you for your order, ${escapeHtml(oneLine(customer.name))}</h1>`,
      `<p>${escapeHtml(client.title)} has received your order <strong>${escapeHtml(orderNumber)}</strong>. ${escapeHtml(nextStep(input))}</p>`,
      cartTable(input),
      moneyTableHtml(input),
      `<p>Questions? Reply to this e-mail or contact us at ${escapeHtml(contact)}, quoting ${escapeHtml(orderNumber)}.</p>`,
    ].join('\n'),
  );
  const text = [
    `Thank you for your order, ${oneLine(customer.name)}`,
    '',
    `${client.title} has received your order ${orderNumber}. ${nextStep(input)}`,
    '',
    cartText(input),
    ...moneyText(input),
    '',
    `Questions? Reply to this e-mail or contact us at ${contact}, quoting ${orderNumber}.`,
  ].join('\n');
  return { subject: `Your order ${orderNumber} with ${client.title}`, html, text };
}

const statusWords: Record<OrderStatus, string> = {
  new: 'open again',
  contacted: 'in hand',
  completed: 'complete',
  cancelled: 'cancelled',
};

/**
 * What the owner is offered to tell the customer when an order moves to `status` (issue 35).
 * The owner sees it first and may change any of it; what they send is the message itself.
 */
export function orderStatusMessage(
  status: OrderStatus,
  orderNumber: string,
  client: Pick<OrderMailClient, 'title'>,
): string {
  switch (status) {
    case 'new':
      return `Your order ${orderNumber} is open again. We will be in touch shortly to arrange payment and delivery.`;
    case 'contacted':
      return `We are getting your order ${orderNumber} ready. We have been in touch about payment and delivery; if you have not heard from us, please reply to this e-mail.`;
    case 'completed':
      return `Your order ${orderNumber} is complete. Thank you for shopping with ${client.title}.`;
    case 'cancelled':
      return `Your order ${orderNumber} has been cancelled and nothing will be charged. If you did not expect this, please reply to this e-mail.`;
  }
}

export interface OrderStatusMailInput {
  orderNumber: string;
  client: OrderMailClient;
  customerName: string;
  status: OrderStatus;
  /** The owner's message, word for word (escaped in the HTML part). */
  message: string;
}

/** The customer's e-mail when the owner changes an order's status and chooses to tell them. */
export function renderOrderStatusMail(input: OrderStatusMailInput): RenderedMail {
  const { client, orderNumber } = input;
  const name = oneLine(input.customerName);
  const contact = client.telephoneNo ? `${client.email} or ${client.telephoneNo}` : client.email;
  const footer = `Questions? Reply to this e-mail or contact us at ${contact}, quoting ${orderNumber}.`;
  const html = page(
    [
      `<h1 style="font-size:20px">Your order ${escapeHtml(orderNumber)} is ${statusWords[input.status]}</h1>`,
      `<p>Dear ${escapeHtml(name)},</p>`,
      `<p>${multiline(input.message)}</p>`,
      `<p>${escapeHtml(footer)}</p>`,
      `<p>${escapeHtml(client.title)}</p>`,
    ].join('\n'),
  );
  const text = [`Dear ${name},`, '', input.message, '', footer, '', client.title].join('\n');
  return {
    subject: `Your order ${orderNumber} with ${client.title} is ${statusWords[input.status]}`,
    html,
    text,
  };
}
