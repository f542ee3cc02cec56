import type { ClientConfig } from '../../../common/client-config.js';
import { senderAddress } from '../../mail/client-sender.js';
import type { OutgoingMessage } from '../../mail/outbox-store.js';
import { localTimeToInstant } from '../availability/availability.js';
import { buildBookingIcs, type IcsMethod } from './booking-ics.js';

/** The facts of a booking its calendar file needs. */
export interface CalendarBooking {
  reference: string;
  date: string;
  startMinute: number;
  durationMinutes: number;
  treatmentNames: string[];
  customerName: string;
  customerEmail: string;
  sequence: number;
  /** The therapist the booking is with (issue 32), when one is assigned. */
  staffName?: string | undefined;
}

/** The host in a booking's UID: the client's public host name, stable whatever the request. */
export function uidHost(client: ClientConfig): string {
  return (
    client.hostNames.find((h) => !h.endsWith('.localhost')) ??
    client.hostNames[0] ??
    'highstreet.localhost'
  );
}

/**
 * A booking's calendar UID: the same in every e-mail's .ics and in the calendar feeds (issue 32),
 * so a calendar that has the event from both keeps one.
 */
export function bookingUid(client: ClientConfig, reference: string): string {
  return `booking-${reference}@${uidHost(client)}`;
}

/** The instant a booking starts (epoch ms), from its local date and minute in the client's zone. */
export function bookingStartInstant(
  client: ClientConfig,
  date: string,
  startMinute: number,
): number {
  // Start times on offer always exist locally (availability skips the hour a clock change drops).
  return (
    localTimeToInstant(date, startMinute, client.timeZone) ??
    Date.parse(`${date}T00:00:00Z`) + startMinute * 60_000
  );
}

/** The calendar part of a booking e-mail: REQUEST for a new or moved booking, CANCEL to remove it. */
export function bookingCalendar(
  client: ClientConfig,
  booking: CalendarBooking,
  method: IcsMethod,
  mailFrom: string,
  now: Date,
): NonNullable<OutgoingMessage['ical']> {
  const start = bookingStartInstant(client, booking.date, booking.startMinute);
  const content = buildBookingIcs({
    method,
    uid: bookingUid(client, booking.reference),
    sequence: booking.sequence,
    start,
    end: start + booking.durationMinutes * 60_000,
    stamp: now.getTime(),
    summary: `${booking.treatmentNames.join(', ')}${booking.staffName ? ` with ${booking.staffName}` : ''} at ${client.title}`,
    description: `Booking ${booking.reference} at ${client.title}${booking.staffName ? `, with ${booking.staffName}` : ''}. To change it, use the link in your e-mail or call ${client.telephoneNo || client.email}.`,
    location: client.address,
    organizer: { name: client.title, email: client.email || senderAddress(mailFrom) },
    attendee: { name: booking.customerName, email: booking.customerEmail },
  });
  return { method, content };
}
