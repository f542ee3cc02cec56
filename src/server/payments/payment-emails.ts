import { formatPounds, toPounds } from '../../common/money.js';
import { escapeHtml } from '../kernel/escape-html.js';

/** The two e-mails of a card payment received (issue 36): to the owner, and the customer's receipt. */
export interface PaidMailInput {
  orderNumber: string;
  customerName: string;
  businessName: string;
  paidPence: number;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const page = (body: string) =>
  `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1b1f24;line-height:1.5">${body}</body></html>`;

export function renderOwnerPaidMail(input: PaidMailInput): RenderedMail {
  const amount = formatPounds(toPounds(input.paidPence, true));
  const text = `${input.customerName} has paid ${amount} by card for order ${input.orderNumber}. Stripe holds the payment; see the order in your back office.\n`;
  return {
    subject: `Paid by card: order ${input.orderNumber} (${amount})`,
    html: page(`<p>${escapeHtml(text.trim())}</p>`),
    text,
  };
}

export function renderCustomerPaidMail(input: PaidMailInput): RenderedMail {
  const amount = formatPounds(toPounds(input.paidPence, true));
  const lines = [
    `Dear ${input.customerName},`,
    `Thank you: we have received your card payment of ${amount} for order ${input.orderNumber}.`,
    input.businessName,
  ];
  return {
    subject: `Payment received for order ${input.orderNumber}`,
    html: page(lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')),
    text: `${lines.join('\n\n')}\n`,
  };
}
