import { foldLine, icsText, icsUtc } from '../booking/emails/booking-ics.js';

/**
 * A private calendar feed (issue 32, docs/decisions/0058-calendar-feeds.md) as a calendar
 * subscription reads it (RFC 5545, METHOD:PUBLISH), pure: no clock, no I/O. Each booking is one
 * VEVENT with the UID and SEQUENCE of the booking's e-mails, its times in UTC.
 */

export interface FeedEvent {
  uid: string;
  sequence: number;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  summary: string;
  description: string;
  location: string;
  /** A held booking awaiting the customer's confirmation is TENTATIVE. */
  status: 'CONFIRMED' | 'TENTATIVE';
}

export interface CalendarFeed {
  /** The calendar's name as a subscription shows it (X-WR-CALNAME). */
  name: string;
  /** When the feed is made (each event's DTSTAMP). */
  stamp: number;
  events: readonly FeedEvent[];
}

/** How often a calendar should fetch the feed again: bookings change through the day. */
const refreshInterval = 'PT15M';

export function buildCalendarFeed(feed: CalendarFeed): string {
  const stamp = icsUtc(feed.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Highstreet//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(feed.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refreshInterval}`,
    `X-PUBLISHED-TTL:${refreshInterval}`,
  ];
  for (const event of feed.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsUtc(event.start)}`,
      `DTEND:${icsUtc(event.end)}`,
      `SUMMARY:${icsText(event.summary)}`,
      `DESCRIPTION:${icsText(event.description)}`,
      `LOCATION:${icsText(event.location)}`,
      `STATUS:${event.status}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The facts of one booking a feed event is written from. */
export interface FeedBooking {
  reference: string;
  treatmentNames: readonly string[];
  customerName: string;
  customerTelephone: string;
  customerEmail: string;
  staffName: string | null;
  held: boolean;
}

/** What the owner sees of a booking in their calendar: who, what, with whom, and the reference. */
export function feedEventText(booking: FeedBooking): Pick<FeedEvent, 'summary' | 'description'> {
  const withWhom = booking.staffName ? ` with ${booking.staffName}` : '';
  const summary = `${booking.customerName}: ${booking.treatmentNames.join(', ')}${withWhom}`;
  const description = [
    `Booking ${booking.reference}${withWhom}${booking.held ? ' (held: awaiting the customer’s confirmation)' : ''}.`,
    `Treatments: ${booking.treatmentNames.join(', ')}.`,
    `Customer: ${booking.customerName}, ${booking.customerTelephone}, ${booking.customerEmail}.`,
  ].join('\n');
  return { summary, description };
}
