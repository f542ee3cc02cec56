import type { ClientConfig } from '../../common/client-config.js';
import { escapeHtml } from '../kernel/escape-html.js';
import { clientSender } from '../mail/client-sender.js';
import type { OutgoingMessage } from '../mail/outbox-store.js';

/** The e-mail asking a customer for a review: plain words and the signed link, escaped. */
export function renderReviewRequestEmail(
  request: { id: number; customerName: string; customerEmail: string },
  client: ClientConfig,
  link: string,
  mailFrom: string,
  notBefore: Date,
): OutgoingMessage {
  const lines = [
    `Dear ${request.customerName},`,
    '',
    `Thank you for choosing ${client.title}. Would you tell us how it went? It takes a minute:`,
    link,
    '',
    'The link works once. If you would rather not, simply ignore this e-mail.',
    '',
    client.title,
  ];
  return {
    clientCode: client.name,
    templateId: 'review-request',
    from: clientSender(client.title, mailFrom),
    to: request.customerEmail,
    replyTo: client.email,
    subject: `How was your visit to ${client.title}?`,
    html: lines
      .filter((line) => line !== '')
      .map((line) =>
        line === link
          ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
          : `<p>${escapeHtml(line)}</p>`,
      )
      .join('\n'),
    text: lines.join('\n'),
    idempotencyKey: `review-request-${request.id}`,
    notBefore,
  };
}
