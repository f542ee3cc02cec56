import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInTimeZone } from '../../../common/booking.js';
import { weekdays } from '../../../common/client-config.js';
import { loadConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { prepareData } from '../../startup.js';
import { repoRoot } from '../../../../tests/support/test-app.js';
import { bundleForNode } from '../../../../tests/support/bundle-for-node.js';

/**
 * Within one Node process, SQLite queries are synchronous and cannot interleave much; the day
 * lock matters when several processes (instances, cluster workers) share one SQLite file. Here
 * real OS processes race for the same slots; exactly one booking per slot may be stored.
 */
describe('the booking lock across processes sharing one SQLite file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'highstreet-race-'));
  const file = join(dir, 'race.sqlite');
  let handle: DatabaseHandle;
  let slots: string[];
  // Plain node on the compiled helper: through tsx, its loader was most of each process's CPU.
  const helper = bundleForNode('src/server/booking/visitor/booking-race.helper.ts');

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir }, repoRoot);
    ({ handle } = await prepareData(config, { kind: 'sqlite', file }, { images: false }));
    const rrb = (
      await handle.db
        .selectFrom('clients')
        .select('config')
        .where('code', '=', 'RRB')
        .executeTakeFirstOrThrow()
    ).config;
    const rules = JSON.parse(rrb).booking;
    const today = todayInTimeZone('Europe/London');
    const dates: string[] = [];
    for (let ahead = 3; dates.length < 5; ahead++) {
      const date = addDays(today, ahead);
      const weekday = weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
      if (rules.openingHours[weekday] && !rules.closedDates.includes(date)) dates.push(date);
    }
    slots = dates.flatMap((date) =>
      ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'].map(
        (time) => `${date} ${time}:00`,
      ),
    );
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
    helper.remove();
  });

  it('stores exactly one booking per slot when four processes race for every slot', async () => {
    const processes = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, [helper.file, file, JSON.stringify(slots)], {
        cwd: repoRoot,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const ready = new Promise<void>((resolve, reject) => {
        const check = setInterval(() => {
          if (out.startsWith('ready\n')) {
            clearInterval(check);
            resolve();
          }
        }, 20);
        child.once('exit', (code) => {
          clearInterval(check);
          reject(new Error(`race process exited early (${code}): ${err}`));
        });
      });
      const done = new Promise<string[]>((resolve, reject) =>
        child.once('exit', (code) =>
          code === 0
            ? resolve(JSON.parse(out.slice('ready\n'.length)) as string[])
            : reject(new Error(`race process failed (${code}): ${err}`)),
        ),
      );
      return { child, ready, done };
    });
    await Promise.all(processes.map((p) => p.ready));
    for (const p of processes) p.child.stdin.write('go\n');
    const outcomes = await Promise.all(processes.map((p) => p.done));

    const booked = outcomes.flat().filter((o) => o === 'booked').length;
    const refused = outcomes.flat().filter((o) => o === 'refused 409').length;
    expect(outcomes.flat().filter((o) => o !== 'booked' && o !== 'refused 409')).toEqual([]);
    const rows = await handle.db
      .selectFrom('bookings')
      .select(['booking_date', 'start_minute'])
      .where('client_code', '=', 'RRB')
      .execute();
    expect(rows).toHaveLength(slots.length);
    expect(new Set(rows.map((r) => `${r.booking_date} ${r.start_minute}`)).size).toBe(slots.length);
    expect(booked).toBe(slots.length);
    expect(refused).toBe(slots.length * 3);
  }, 120_000);
});
