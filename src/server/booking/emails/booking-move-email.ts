import { formatLongDate } from '../../../common/booking.js';
import type { ClientConfig } from '../../../common/client-config.js';
import { escapeHtml } from '../../kernel/escape-html.js';
import { clientSender } from '../../mail/client-sender.js';
import type { OutgoingMessage } from '../../mail/outbox-store.js';

/** What the customer is told when the salon moves their booking (issue 32). */
export interface OwnerMovedBooking {
  id: number;
  reference: string;
  /** The calendar SEQUENCE after the move: one e-mail per version of the booking. */
  sequence: number;
  /** YYYY-MM-DD and HH:mm, local: where it is now, and where it was. */
  date: string;
  start: string;
  end: string;
  previous: { date: string; start: string };
  /** The therapist now, and before when it changed; absent for a salon without staff. */
  staffName?: string | undefined;
  previousStaffName?: string | undefined;
  customerName: string;
  customerEmail: string;
  treatmentNames: string[];
}

export const ownerMoveTemplateId = 'booking-moved-by-salon';

/**
 * The e-mail to the customer when the owner moves their booking to another time, day or
 * therapist, with the calendar part that updates the event already in their calendar (same UID,
 * higher SEQUENCE: booking-calendar.ts). Pure: the caller passes the facts.
 */
export function renderOwnerMoveEmail(
  booking: OwnerMovedBooking,
  client: ClientConfig,
  mailFrom: string,
  ical: OutgoingMessage['ical'],
): OutgoingMessage {
  const when = `${formatLongDate(booking.date)} at ${booking.start}`;
  const was = `${formatLongDate(booking.previous.date)} at ${booking.previous.start}`;
  const treatments = booking.treatmentNames.join(', ');
  const contact = `${client.email}${client.telephoneNo ? ` or ${client.telephoneNo}` : ''}`;
  const sameTime =
    booking.date === booking.previous.date && booking.start === booking.previous.start;
  const staffChanged =
    booking.staffName !== undefined && booking.staffName !== booking.previousStaffName;
  const change = sameTime
    ? `${client.title} has changed your booking ${booking.reference} for ${treatments} on ${when}: it is now with ${booking.staffName}.`
    : `${client.title} has moved your booking ${booking.reference} for ${treatments} from ${was} to ${when}${staffChanged ? `, now with ${booking.staffName}` : ''}.`;
  const lines = [
    `Dear ${booking.customerName},`,
    '',
    change,
    '',
    `New time: ${when}, until ${booking.end}`,
    ...(booking.staffName ? [`Therapist: ${booking.staffName}`] : []),
    '',
    `The calendar file attached updates the appointment in your calendar. If the new time does not suit you, please reply to this e-mail or contact us at ${contact}.`,
    '',
    client.title,
    client.address,
  ];
  return {
    clientCode: client.name,
    templateId: ownerMoveTemplateId,
    from: clientSender(client.title, mailFrom),
    to: booking.customerEmail,
    replyTo: client.email,
    subject: `Your booking ${booking.reference} at ${client.title} is now on ${when}`,
    html: lines
      .filter((line) => line !== '')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n'),
    text: lines.join('\n'),
    idempotencyKey: `booking-${booking.id}-moved-by-salon-${booking.sequence}`,
    ical,
  };
}
