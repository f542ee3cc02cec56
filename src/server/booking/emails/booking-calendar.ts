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

/** The calendar part of a booking e-mail: REQUEST for a new or moved booking, CANCEL to remove it. */
export function bookingCalendar(
  client: ClientConfig,
  booking: CalendarBooking,
  method: IcsMethod,
  mailFrom: string,
  now: Date,
): NonNullable<OutgoingMessage['ical']> {
  // Start times on offer always exist locally (availability skips the hour a clock change drops).
  const start =
    localTimeToInstant(booking.date, booking.startMinute, client.timeZone) ??
    Date.parse(`${booking.date}T00:00:00Z`) + booking.startMinute * 60_000;
  const content = buildBookingIcs({
    method,
    uid: `booking-${booking.reference}@${uidHost(client)}`,
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
