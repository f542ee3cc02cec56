/**
 * The calendar file of a booking (RFC 5545), pure: no clock, no I/O. Times are written in UTC
 * (the instants come from the client's time zone, so a booking after a clock change is at the
 * right hour), which every calendar shows in its owner's own zone. The UID is stable per booking
 * and SEQUENCE goes up on each change, so a moved booking updates the same event and a
 * cancelled one (METHOD:CANCEL) removes it.
 */

export type IcsMethod = 'REQUEST' | 'CANCEL';

export interface BookingIcsInput {
  method: IcsMethod;
  uid: string;
  sequence: number;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  /** When the file is made (DTSTAMP). */
  stamp: number;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** 20261025T093000Z */
export function icsUtc(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Escapes a TEXT value: backslash, semicolon, comma and new lines. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** A parameter value (CN=...): quoted, without the characters a quoted value cannot hold. */
function icsParam(value: string): string {
  return `"${value.replace(/["\r\n]/g, '')}"`;
}

/** UTF-8 length of one code point. */
function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/** Folds a content line at 75 octets (continuation lines start with a space); UTF-8 safe. */
export function foldLine(line: string): string {
  // Most lines are short ASCII: nothing to fold (a line is rebuilt per booking, so this is hot).
  if (line.length <= 75 && /^[ -~]*$/.test(line)) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildBookingIcs(input: BookingIcsInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Highstreet//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${input.method}`,
    'BEGIN:VEVENT',
    `UID:${input.uid}`,
    `SEQUENCE:${input.sequence}`,
    `DTSTAMP:${icsUtc(input.stamp)}`,
    `DTSTART:${icsUtc(input.start)}`,
    `DTEND:${icsUtc(input.end)}`,
    `SUMMARY:${icsText(input.summary)}`,
    `DESCRIPTION:${icsText(input.description)}`,
    `LOCATION:${icsText(input.location)}`,
    `ORGANIZER;CN=${icsParam(input.organizer.name)}:mailto:${input.organizer.email}`,
    `ATTENDEE;CN=${icsParam(input.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${input.attendee.email}`,
    `STATUS:${input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** Reads the properties of a calendar file back (unfolded, first VEVENT): for tests and checks. */
export function parseIcs(text: string): Record<string, string> {
  const unfolded = text.replace(/\r?\n[ \t]/g, '');
  const props: Record<string, string> = {};
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).split(';')[0]!;
    if (!(name in props)) props[name] = line.slice(colon + 1);
  }
  return props;
}
