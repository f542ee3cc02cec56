import { formatPounds, toPounds } from '../../common/money.js';
import { escapeHtml } from '../kernel/escape-html.js';
import type { RenderedMail } from './payment-emails.js';

/** The customer's e-mail for a refund the owner made from the back office (issue 36). */
export interface RefundMailInput {
  orderNumber: string;
  customerName: string;
  businessName: string;
  refundPence: number;
  /** Refunded so far, this refund included, and what was paid. */
  refundedPence: number;
  paidPence: number;
  /** The order was cancelled with the refund. */
  cancelled: boolean;
}

export function renderCustomerRefundMail(input: RefundMailInput): RenderedMail {
  const pounds = (pence: number) => formatPounds(toPounds(pence, true));
  const whole = input.refundedPence >= input.paidPence;
  const lines = [
    `Dear ${input.customerName},`,
    input.cancelled
      ? `We have cancelled order ${input.orderNumber} and refunded ${pounds(input.refundPence)} to the card you paid with.`
      : `We have refunded ${pounds(input.refundPence)} of order ${input.orderNumber} to the card you paid with.`,
    whole
      ? `That is the whole of the ${pounds(input.paidPence)} you paid.`
      : `So far ${pounds(input.refundedPence)} of the ${pounds(input.paidPence)} you paid has been refunded.`,
    'Refunds usually reach your account within 5 to 10 working days, depending on your bank.',
    input.businessName,
  ];
  return {
    subject: `Refund of ${pounds(input.refundPence)} for order ${input.orderNumber}`,
    html: `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1b1f24;line-height:1.5">${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')}</body></html>`,
    text: `${lines.join('\n\n')}\n`,
  };
}
