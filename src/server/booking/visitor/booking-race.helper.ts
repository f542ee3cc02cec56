import { createInterface } from 'node:readline';
import { createBookingRequestSchema } from '../../../common/booking.js';
import { loadClientRegistry } from '../../clients/client-registry-store.js';
import { openDatabase } from '../../db/database.js';
import { AppError } from '../../kernel/errors.js';
import { createBooking } from '../booking-service.js';

/**
 * One of several OS processes that race to book the same slots in one SQLite file, for
 * booking-race.test.ts. Usage (compiled by the test, tests/support/bundle-for-node.ts):
 * node booking-race.helper.mjs <file> <startTimesJson>.
 * Prints "ready", waits for a line on stdin (the common start), then prints its outcomes as JSON.
 */
const [file, startTimesJson] = process.argv.slice(2);
if (!file || !startTimesJson)
  throw new Error('usage: booking-race.helper.ts <file> <startTimesJson>');
const startTimes = JSON.parse(startTimesJson) as string[];

const handle = openDatabase({ kind: 'sqlite', file });
const client = (await loadClientRegistry(handle.db)).byCode('RRB');
if (!client) throw new Error('RRB is not in the database');

const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
await new Promise((go) => lines.once('line', go));

const outcomes: string[] = [];
for (const [index, startTime] of startTimes.entries()) {
  const request = createBookingRequestSchema.parse({
    startTime,
    customer: {
      name: `Process ${process.pid}`,
      telephone: '07700900123',
      // One address per slot: the per-address daily cap (issue 17) is not what races here.
      email: `p${process.pid}.${index}@example.com`,
      doorNo: '1',
      postCode: 'EH1 1AA',
      gdprConsent: true,
    },
    treatments: [{ ID: 2 }],
  });
  try {
    await createBooking(
      { db: handle.db, dbKind: 'sqlite', client, mailFrom: 'test@example.com', now: new Date() },
      request,
    );
    outcomes.push('booked');
  } catch (error) {
    outcomes.push(
      error instanceof AppError ? `refused ${error.statusCode}` : `error ${String(error)}`,
    );
  }
}
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
lines.close();
await handle.close();
