import type { Kysely } from 'kysely';
import { reminderHoursDefault, type BookingRules } from '../../../common/booking-rules.js';
import type { ClientConfig } from '../../../common/client-config.js';
import type { Database } from '../../db/schema.js';
import {
  dropPendingMessages,
  enqueueMessage,
  type OutgoingMessage,
} from '../../mail/outbox-store.js';
import { localTimeToInstant } from '../availability/availability.js';
import { renderReminderEmail } from './booking-emails.js';

/**
 * Reminders (issue 17) are outbox rows with `not_before`: queued in the booking's transaction,
 * left alone by the worker until due, then claimed under the outbox's lease like any message, so
 * they survive restarts and one instance sends each once. A cancelled or moved booking deletes
 * its pending reminder in the same transaction (a move queues a new one under a new key).
 */

export interface RemindedBooking {
  id: number;
  reference: string;
  sequence: number;
  date: string;
  startMinute: number;
  start: string;
  customerName: string;
  customerEmail: string;
  treatmentNames: string[];
  /** The therapist (issue 32), when one is assigned. */
  staffName?: string | undefined;
}

/** When the reminder is due, or undefined when none is sent (none wanted, or already too late). */
export function reminderDueAt(
  booking: Pick<RemindedBooking, 'date' | 'startMinute'>,
  rules: BookingRules,
  timeZone: string,
  now: Date,
): Date | undefined {
  const hours = rules.reminderHours ?? reminderHoursDefault;
  if (hours === 0) return undefined;
  const start = localTimeToInstant(booking.date, booking.startMinute, timeZone);
  if (start === null) return undefined;
  const due = start - hours * 3_600_000;
  return due > now.getTime() ? new Date(due) : undefined;
}

export async function queueReminder(
  trx: Kysely<Database>,
  client: ClientConfig,
  rules: BookingRules,
  booking: RemindedBooking,
  mailFrom: string,
  now: Date,
  /** Adds to the e-mail (issue 36: a deposit's policy). */
  decorate: (message: OutgoingMessage) => OutgoingMessage = (message) => message,
): Promise<void> {
  if (booking.customerEmail === '') return;
  const due = reminderDueAt(booking, rules, client.timeZone, now);
  if (!due) return;
  await enqueueMessage(trx, decorate(renderReminderEmail(booking, client, mailFrom, due)), now);
}

/** Deletes the booking's reminders not yet sent nor in a worker's hands. */
export async function dropPendingReminders(
  trx: Kysely<Database>,
  clientCode: string,
  bookingId: number,
  now: Date,
): Promise<void> {
  await dropPendingMessages(
    trx,
    { clientCode, templateId: 'booking-reminder', keyLike: `booking-${bookingId}-reminder-%` },
    now,
  );
}
