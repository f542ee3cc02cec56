import { formatLongDate, formatMinuteOfDay } from '../../common/booking.js';
import type { ClientConfig } from '../../common/client-config.js';
import { escapeHtml } from '../kernel/escape-html.js';
import type { OutgoingMessage } from '../mail/outbox-store.js';
import type { DayBooking } from './morning-summary-store.js';

export const morningSummaryTemplateId = 'owner-morning-summary';

export interface MorningSummary {
  /** The client's local day, YYYY-MM-DD. */
  day: string;
  /** Undefined for a client that takes no bookings. */
  bookings: DayBooking[] | undefined;
  /** Undefined for a client without a shop. */
  ordersWaiting: number | undefined;
  failedEmails: number;
  /**
   * Products with counted stock at or below the threshold, fewest first (out of stock first);
   * undefined for a client without a shop.
   */
  lowStock?: Array<{ title: string; left: number }>;
}

/** Once per owner and day, whatever instance or restart asks: the outbox keeps one per key. */
export function morningSummaryKey(ownerId: number, day: string): string {
  return `morning-summary-${ownerId}-${day}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The day's bookings grouped by therapist, in order of each one's first booking. */
export function groupByTherapist(bookings: DayBooking[]): Array<[string, DayBooking[]]> {
  const groups = new Map<string, DayBooking[]>();
  for (const booking of bookings) {
    const name = booking.staffName ?? 'Bookings';
    groups.set(name, [...(groups.get(name) ?? []), booking]);
  }
  return [...groups];
}

/**
 * The owner's morning e-mail: today's bookings per therapist, orders waiting, products running
 * low (out of stock first) and e-mails that failed, with a link to the back office. Pure; everything from the data is escaped.
 */
export function renderMorningSummaryEmail(
  summary: MorningSummary,
  client: ClientConfig,
  recipient: { ownerId: number; email: string },
  links: { manage: string },
  mailFrom: string,
): OutgoingMessage {
  const text: string[] = [
    `Good morning. Here is ${formatLongDate(summary.day)} at ${client.title}.`,
  ];
  const html: string[] = [`<p>${escapeHtml(text[0]!)}</p>`];
  const headline: string[] = [];

  if (summary.bookings !== undefined) {
    headline.push(plural(summary.bookings.length, 'booking', 'bookings'));
    text.push('', `Today's bookings: ${summary.bookings.length}`);
    html.push(`<h2>Today's bookings: ${summary.bookings.length}</h2>`);
    if (summary.bookings.length === 0) {
      text.push('None yet.');
      html.push('<p>None yet.</p>');
    }
    for (const [therapist, bookings] of groupByTherapist(summary.bookings)) {
      text.push('', `${therapist} (${bookings.length})`);
      html.push(`<h3>${escapeHtml(therapist)} (${bookings.length})</h3>`, '<ul>');
      for (const b of bookings) {
        const what = b.treatments ? ` – ${b.treatments}` : '';
        const status = b.status === 'pending' ? ' (not yet confirmed)' : '';
        const line = `${formatMinuteOfDay(b.startMinute)} ${b.customerName}${what}${status}`;
        text.push(`  ${line}`);
        html.push(`<li>${escapeHtml(line)}</li>`);
      }
      html.push('</ul>');
    }
  }
  if (summary.ordersWaiting !== undefined) {
    headline.push(plural(summary.ordersWaiting, 'order waiting', 'orders waiting'));
    const line = `Orders waiting for you: ${summary.ordersWaiting}`;
    text.push('', line);
    html.push(`<p>${escapeHtml(line)}</p>`);
  }
  if (summary.lowStock !== undefined && summary.lowStock.length > 0) {
    headline.push(plural(summary.lowStock.length, 'product running low', 'products running low'));
    text.push('', `Running low (${summary.lowStock.length})`);
    html.push(`<h2>Running low (${summary.lowStock.length})</h2>`, '<ul>');
    // Out of stock first, whatever order they came in.
    const fewestFirst = [...summary.lowStock].sort((a, b) => a.left - b.left);
    for (const product of fewestFirst) {
      const line = `${product.title}: ${product.left <= 0 ? 'out of stock' : `${product.left} left`}`;
      text.push(`  ${line}`);
      html.push(`<li>${escapeHtml(line)}</li>`);
    }
    html.push('</ul>');
  }
  if (summary.failedEmails > 0) {
    headline.push(plural(summary.failedEmails, 'e-mail failed', 'e-mails failed'));
    const line = `${plural(summary.failedEmails, 'e-mail', 'e-mails')} could not be delivered: see E-mails in the back office.`;
    text.push('', line);
    html.push(`<p><strong>${escapeHtml(line)}</strong></p>`);
  }
  const open = 'Open the back office:';
  const off = 'To stop these e-mails or change their hour, see Morning e-mail in the back office.';
  text.push('', open, links.manage, '', off);
  html.push(
    `<p>${escapeHtml(open)} <a href="${escapeHtml(links.manage)}">${escapeHtml(links.manage)}</a></p>`,
    `<p>${escapeHtml(off)}</p>`,
  );
  return {
    clientCode: client.name,
    templateId: morningSummaryTemplateId,
    from: mailFrom,
    to: recipient.email,
    subject: `${client.title} today: ${headline.join(', ') || 'your morning summary'}`,
    html: html.join('\n'),
    text: text.join('\n'),
    idempotencyKey: morningSummaryKey(recipient.ownerId, summary.day),
  };
}

/** How long after the owner's hour a late start (a restart, a deploy) still sends the day's. */
export const lateSendWindowMinutes = 4 * 60;

/**
 * Whether the owner's hour has come on the client's local clock, and not long ago: a server down
 * at 7 still sends at 8, but an e-mail turned on at 10 at night waits for the next morning.
 */
export function isSummaryDue(localMinuteOfDay: number, sendHour: number): boolean {
  const from = sendHour * 60;
  return localMinuteOfDay >= from && localMinuteOfDay < from + lateSendWindowMinutes;
}
