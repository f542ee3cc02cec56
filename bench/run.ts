/**
 * `npm run bench`: API throughput and latency (wrk, bench/wrk.ts) against the production server, beside
 * a bare Fastify hello-world, on SQLite and on PostgreSQL. Writes its part of docs/benchmarks.md.
 * Only loopback addresses are used; every run is bounded in time.
 */
import { cpus, totalmem } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { productionServerEnv, productionServerScript, startNodeServer } from './bench-server.js';
import { httpRequest } from './http-request.js';
import {
  ensureWrk,
  pinning,
  pinThisProcessToLoadCpu,
  runWrk,
  setServerCpus,
  unpinThisProcess,
  type WrkRun,
} from './wrk.js';
import { writeBenchmarkSection } from './benchmarks-file.js';
import { runPageBenchmarks } from './pages.js';
import { seedBookings } from './seed-bookings.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = 50;
const postgresAdminUrl =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok2xx: number;
  non2xx: number;
  ratio?: number;
  note?: string;
}

/** A measurement with wrk on its own CPU (bench/wrk.ts), after one unrecorded second. */
async function measure(name: string, run: Omit<WrkRun, 'connections' | 'seconds'>): Promise<Row> {
  await runWrk({ ...run, connections, seconds: 1 });
  const result = await runWrk({ ...run, connections, seconds });
  if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} answers were not 2xx`);
  return { name, ...result };
}

/** A measurement with autocannon, for requests whose bodies differ (each its own booking). */
async function measureWithAutocannon(name: string, options: autocannon.Options): Promise<Row> {
  // One second unrecorded first, so the figures are of a warmed-up server (JIT, caches, pools).
  await autocannon({ connections, duration: 1, ...options });
  const result = await autocannon({ connections, duration: seconds, ...options });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
  };
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Throughput beside hello-world, measured in alternation (hello-world, endpoint, three times) so
 * that a busy moment on the machine hits both; the row reports the medians. For a page, a third
 * yardstick runs in each round: bare Fastify sending a buffer of the page's compressed size,
 * the most any server in this process model can do for those bytes ("static-file speed").
 */
async function measureAgainstHello(
  name: string,
  options: Omit<WrkRun, 'connections' | 'seconds'>,
  helloUrl: string,
  sameBytesUrl?: string,
): Promise<Row> {
  const rounds: Array<{ hello: Row; row: Row; sameBytes?: Row }> = [];
  for (let round = 0; round < 3; round++) {
    const hello = await measure('hello-world', { url: helloUrl });
    const row = await measure(name, options);
    const sameBytes = sameBytesUrl
      ? await measure('same bytes', { url: sameBytesUrl, headers: { 'accept-encoding': 'br' } })
      : undefined;
    rounds.push({ hello, row, sameBytes });
  }
  const ratios = rounds.map(({ hello, row }) => row.requestsPerSecond / hello.requestsPerSecond);
  const middle = rounds.find(
    ({ hello, row }) => row.requestsPerSecond / hello.requestsPerSecond === median(ratios),
  )!;
  const sameBytesRatios = rounds.flatMap(({ row, sameBytes }) =>
    sameBytes ? [row.requestsPerSecond / sameBytes.requestsPerSecond] : [],
  );
  const percent = (r: number) => `${Math.round(r * 100)}%`;
  const sameBytesNote = sameBytesRatios.length
    ? `; vs bare Fastify sending the same bytes ${percent(median(sameBytesRatios))} (${sameBytesRatios.map(percent).join(', ')}; it ran at ${rounds.map(({ sameBytes }) => sameBytes!.requestsPerSecond).join(', ')} req/s)`
    : '';
  return {
    ...middle.row,
    ratio: median(ratios),
    note: `median of 3 alternating rounds; hello-world in that round ${middle.hello.requestsPerSecond} req/s; ratios ${ratios.map(percent).join(', ')}${sameBytesNote}`,
  };
}

/** The size of a page's answer as a browser gets it (brotli), for the same-bytes yardstick. */
async function compressedSize(url: string, host: string): Promise<number> {
  const answer = await httpRequest(url, { headers: { host, 'accept-encoding': 'br' } });
  if (answer.status !== 200 || answer.headers['content-encoding'] !== 'br') {
    throw new Error(
      `${host} ${url} answered ${answer.status} (${String(answer.headers['content-encoding'])})`,
    );
  }
  return answer.body.length;
}

/**
 * Bookings created: one request per free slot (15-minute treatment, 09:00 to 17:00 on each of the
 * given free open days, day by day, so concurrent requests meet on the same day's lock), so every
 * request is a real booking — validated, locked, re-checked and stored with its e-mails.
 *
 * Two ways (docs/decisions/0044-booking-create-latency.md):
 * - `saturate`: 50 connections each sending its next request as soon as it has an answer. That
 *   is the capacity; its p99 is mostly the queue (50 requests waiting on one writer), not the
 *   time a booking takes.
 * - `rate`: requests at a fixed rate, whatever the answers do (open loop), the way visitors
 *   arrive; its p99 is what a visitor waits, stalls included.
 * A warm-up on the fully booked day goes first (answered 409, the same path) so that the
 * connections are open and the code is warm; free slots stay free for the measured requests.
 */
async function measureBookingCreation(
  label: string,
  url: string,
  busyDay: string,
  freeDays: string[],
  mode: { saturate: true } | { rate: number },
): Promise<Row> {
  const slotsOf = (days: string[]) =>
    days.flatMap((day) => Array.from({ length: 33 }, (_, i) => ({ day, minute: 9 * 60 + i * 15 })));
  const bodyOf = (slots: Array<{ day: string; minute: number }>, index: number) => {
    const { day, minute } = slots[index % slots.length]!;
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    return JSON.stringify({
      totalPrice: 0,
      totalDuration: 15,
      startTime: `${day} ${time}:00`,
      endTime: `${day} 12:00:00`,
      customer: {
        name: 'Bench Customer',
        dob: '1900-01-01 00:00:00',
        telephone: '07700900123',
        // One address per request: the per-address daily cap (issue 17) would refuse more.
        email: `bench${label}${day}${index}@example.com`,
        doorNo: '1',
        postCode: 'EH1 1AA',
        gdprConsent: true,
        gift: false,
        marketing: false,
      },
      treatments: [{ ID: 5 }],
    });
  };
  const headers = { host: 'rrb.localhost', 'content-type': 'application/json' };
  const bookSlots = (
    slots: Array<{ day: string; minute: number }>,
    run: { amount: number } | { duration: number },
  ) => {
    let next = 0;
    return autocannon({
      url,
      connections,
      ...run,
      method: 'POST',
      headers,
      requests: [{ setupRequest: (req) => ({ ...req, body: bodyOf(slots, next++) }) }],
    });
  };
  if ('rate' in mode) {
    const slots = slotsOf(freeDays);
    // Warm: the connections the run will use, and the code, on the fully booked day (409s).
    const warm = await openLoop(url, headers, mode.rate, mode.rate, (i) =>
      bodyOf(slotsOf([busyDay]), i),
    );
    if (warm.ok2xx > 0) throw new Error(`The fully booked day ${busyDay} took a booking`);
    const result = await openLoop(url, headers, mode.rate, slots.length, (i) => bodyOf(slots, i));
    if (result.non2xx > 0) {
      throw new Error(
        `${result.non2xx} of ${slots.length} bookings were refused in the open loop, the first: ${result.firstRefusal}`,
      );
    }
    return {
      name: `${label} POST bookings/create at ${mode.rate} bookings/s (open loop)`,
      requestsPerSecond: Math.round(result.requestsPerSecond),
      p50: result.p50,
      p99: result.p99,
      ok2xx: result.ok2xx,
      non2xx: result.non2xx,
      note: `${slots.length} free slots on ${freeDays.length} days, one request each, sent every ${1000 / mode.rate} ms whatever the answers do; latency from when each was due`,
    };
  }
  await bookSlots(slotsOf([busyDay]), { duration: 1 });
  const slots = slotsOf(freeDays);
  // autocannon reports whole seconds for a run of a fixed number of requests; time it here.
  const started = performance.now();
  const result = await bookSlots(slots, { amount: slots.length });
  const elapsedSeconds = (performance.now() - started) / 1000;
  return {
    name: `${label} POST bookings/create, ${connections} connections as fast as answered`,
    requestsPerSecond: Math.round(result.requests.total / elapsedSeconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    note: `${slots.length} free slots on ${freeDays.length} days, one request each; every 2xx is a stored booking with its two e-mails in the outbox`,
  };
}

/**
 * Requests sent on a fixed schedule (open loop: a slow answer does not delay the next request, as
 * with visitors), over keep-alive connections; each latency counts from when the request was due,
 * so a stall shows in full. (autocannon's own rate option sends each second's requests at once.)
 */
async function openLoop(
  url: string,
  headers: Record<string, string>,
  perSecond: number,
  amount: number,
  bodyOf: (index: number) => string,
): Promise<{
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok2xx: number;
  non2xx: number;
  firstRefusal?: string;
}> {
  const intervalMs = 1000 / perSecond;
  const latencies: number[] = [];
  let ok2xx = 0;
  let non2xx = 0;
  let firstRefusal: string | undefined;
  const started = performance.now();
  const sends: Array<Promise<void>> = [];
  for (let index = 0; index < amount; index++) {
    const due = started + index * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sends.push(
      httpRequest(url, { method: 'POST', headers, body: bodyOf(index) }).then((answer) => {
        latencies.push(performance.now() - due);
        if (answer.status >= 200 && answer.status < 300) ok2xx++;
        else {
          non2xx++;
          firstRefusal ??= `${answer.status} ${answer.body.toString().slice(0, 300)}`;
        }
      }),
    );
  }
  await Promise.all(sends);
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) /
    10;
  return {
    requestsPerSecond: amount / elapsedSeconds,
    p50: at(0.5),
    p99: at(0.99),
    ok2xx,
    non2xx,
    firstRefusal,
  };
}

/** The rate for the open-loop booking run: far above any client's real rate, well below capacity. */
const bookingRate = Number(process.env.BENCH_BOOKING_RATE ?? 50);

async function measureBookingCreations(
  label: string,
  url: string,
  busyDay: string,
  freeDays: string[],
): Promise<Row[]> {
  const half = Math.floor(freeDays.length / 2);
  return [
    await measureBookingCreation(label, url, busyDay, freeDays.slice(0, half), { saturate: true }),
    await measureBookingCreation(label, url, busyDay, freeDays.slice(half), { rate: bookingRate }),
  ];
}

async function runSuite(
  label: string,
  databaseUrl: string | undefined,
  helloUrl: string,
): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'highstreet-bench-'));
  const { busyDay, busyMonth, freeDays } = await seedBookings(databaseUrl, dataDir);
  const port = 3901;
  const env: Record<string, string> = {
    ...productionServerEnv(port, dataDir),
    MAIL_RELAY_LIMIT_PER_IP: '1000000',
    BOOKING_LIMIT_PER_IP: '1000000',
    // Every booking comes from 127.0.0.1: the anti-hogging caps per address (issue 30) would
    // refuse all but a visitor's share of a day and six in 24 hours.
    BOOKINGS_PER_IP_PER_DAY: '1000000',
    BOOKING_VISITORS_PER_IP: '1000000',
    BOOKING_LIMIT_PER_CLIENT: '1000000',
    MAIL_RELAY_LIMIT_PER_CLIENT: '1000000',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const url = `http://127.0.0.1:${port}`;
  const server = await startNodeServer(productionServerScript, env, `${url}/api/health`, {
    pin: true,
  });
  const rows: Row[] = [];
  try {
    const rrb = { host: 'rrb.localhost', 'content-type': 'application/json' };
    // Beside hello-world, each server has one CPU of its own (bench/wrk.ts).
    setServerCpus(server.pid, 'own');
    if (only === 'create') {
      setServerCpus(server.pid, 'all');
      rows.push(
        ...(await measureBookingCreations(label, `${url}/api/bookings/create`, busyDay, freeDays)),
      );
      return rows;
    }
    // Pages as a browser asks for them: compressed, from the page cache after the first request.
    // A fresh server makes a page's picture sets on its first requests (media/picture-sets-on-
    // demand.ts): each page is asked for a few seconds first, so the rows measure the steady state.
    for (const [host, path] of [
      ['se.localhost', '/'],
      ['se.localhost', '/product/2'],
      ['rrb.localhost', '/booking'],
    ] as const) {
      await runWrk({
        url: `${url}${path}`,
        headers: { host, 'accept-encoding': 'br, gzip' },
        connections,
        seconds: 3,
      });
    }
    for (const [host, path] of [
      ['se.localhost', '/'],
      ['se.localhost', '/product/2'],
      ['rrb.localhost', '/booking'],
    ] as const) {
      const bytes = await compressedSize(`${url}${path}`, host);
      rows.push(
        await measureAgainstHello(
          `${label} GET ${host.split('.')[0]!.toUpperCase()} ${path} (page, br, ${bytes} bytes)`,
          { url: `${url}${path}`, headers: { host, 'accept-encoding': 'br, gzip' } },
          helloUrl,
          `${helloUrl}bytes?n=${bytes}`,
        ),
      );
    }
    rows.push(
      await measureAgainstHello(
        `${label} GET categories/list`,
        { url: `${url}/api/categories/list`, headers: rrb },
        helloUrl,
      ),
    );
    rows.push(
      await measureAgainstHello(
        `${label} GET treatments/list?activeOnly=1`,
        { url: `${url}/api/treatments/list?activeOnly=1`, headers: rrb },
        helloUrl,
      ),
    );
    // The latency rows: the server may use every CPU, as in production (the load is light).
    setServerCpus(server.pid, 'all');
    rows.push({
      ...(await measure(`${label} POST bookings/time (5,000 bookings)`, {
        url: `${url}/api/bookings/time`,
        headers: { host: 'rrb.localhost' },
        jsonBody: JSON.stringify({ bookingDate: busyDay, estmatedDuration: 60 }),
      })),
      note: `day ${busyDay}`,
    });
    rows.push({
      ...(await measure(`${label} GET bookings/free-days (5,000 bookings)`, {
        url: `${url}/api/bookings/free-days?month=${busyMonth}&estmatedDuration=60`,
        headers: rrb,
      })),
      note: `month ${busyMonth}, one request for all its days`,
    });
    rows.push(
      ...(await measureBookingCreations(label, `${url}/api/bookings/create`, busyDay, freeDays)),
    );
    let key = 0;
    rows.push({
      ...(await measureWithAutocannon(`${label} POST email/send (accepted into outbox)`, {
        url: `${url}/api/v1.0/email/send`,
        method: 'POST',
        headers: { ...rrb },
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, 'idempotency-key': `bench-${label}-${key++}` },
              body: JSON.stringify({
                lib_version: 'bench',
                user_id: 'hs_pub_RRB',
                service_id: 'highstreet',
                template_id: 'contact',
                template_params: {
                  name: 'Bench',
                  email: 'bench@example.com',
                  telephone: '07700900123',
                  message: 'Hello',
                },
              }),
            }),
          },
        ],
      })),
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function freshPostgresDatabase(): Promise<string | undefined> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  try {
    await admin.connect();
  } catch {
    console.warn('PostgreSQL not reachable: skipping the PostgreSQL figures');
    return undefined;
  }
  await admin.query('DROP DATABASE IF EXISTS highstreet_bench');
  await admin.query('CREATE DATABASE highstreet_bench');
  await admin.end();
  return postgresAdminUrl.replace(/\/[^/]*$/, '/highstreet_bench');
}

/**
 * `BENCH_ONLY=api` or `BENCH_ONLY=pages` runs one half; both by default. `BENCH_ONLY=create`
 * measures only bookings/create (printed, not recorded), for working on it.
 */
const only = process.env.BENCH_ONLY ?? '';

/** `BENCH_DB=sqlite` or `BENCH_DB=postgres` measures one database; both by default. */
const databases = process.env.BENCH_DB ?? 'sqlite,postgres';

async function main(): Promise<void> {
  // What `npm start` serves: the production build and the compiled server, built if stale.
  await ensureBuild();
  if (only === 'pages') {
    await runPageBenchmarks();
    return;
  }
  const helloUrl = 'http://127.0.0.1:3999/';
  ensureWrk();
  pinThisProcessToLoadCpu();
  const hello = await startNodeServer('bench/hello-server.ts', { PORT: '3999' }, helloUrl, {
    pin: true,
  });
  const rows: Row[] = [];
  try {
    rows.push(await measure('hello-world (bare Fastify)', { url: helloUrl }));
    if (databases.includes('sqlite')) rows.push(...(await runSuite('SQLite', undefined, helloUrl)));
    const pgUrl = databases.includes('postgres') ? await freshPostgresDatabase() : undefined;
    if (pgUrl) rows.push(...(await runSuite('PostgreSQL', pgUrl, helloUrl)));
  } finally {
    await hello.stop();
  }

  if (only === 'create') {
    console.log(rows);
    return;
  }
  const table = [
    '| benchmark | req/s | p50 ms | p99 ms | 2xx | non-2xx | vs hello-world | note |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.ok2xx} | ${r.non2xx} | ${r.ratio ? `${Math.round(r.ratio * 100)}%` : ''} | ${r.note ?? ''} |`,
    ),
  ].join('\n');
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const report = `## The API and the pages' throughput (\`npm run bench\`)

Recorded by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}.
Machine: ${machine}. ${connections} connections, ${seconds} s per measurement after 1 s unrecorded, by
wrk (one thread${pinning ? `, on CPU ${pinning.load}` : ''}) for every row but the two whose requests each carry
their own body (bookings/create, email/send: autocannon, and the open-loop booking run: fetch at a
fixed rate). The servers${pinning ? ` run on CPU ${pinning.server}, away from the load generator, for the rows beside hello-world, and on every CPU for the latency rows below them (bookings, e-mail)` : ''}:
hello-world, and what \`npm start\` runs (\`node dist/server/main.js\`, \`NODE_ENV=production\`) with
request logging on (\`LOG_LEVEL=${productionServerEnv(0, '').LOG_LEVEL}\`, one line per answer, written
in batches of about 12 KB), client RRB (pages: SE and RRB) by host name, mail worker off (the relay figure is
messages accepted into the outbox). Why wrk and the pinning: docs/decisions/0043-benchmark-load-generator.md.

Targets (issue 13): pages (home, product, booking; \`Accept-Encoding: br, gzip\`) at least 50% of
hello-world and p99 ≤ 10 ms; categories/list and treatments/list at least 70% of hello-world
with request logging on; bookings/time and bookings/free-days (issue 17: a month in one
request) with 5,000 existing bookings p99 ≤ 10 ms and bookings/create p99 ≤ 50 ms (the open-loop
row; docs/decisions/0044-booking-create-latency.md), on both databases.

${table}
`;
  // Its own part of the record; the pages' part, a thousand clients' and the sections written by
  // hand stay as they are.
  writeBenchmarkSection('api', report, 'top');
  console.log(report);
  // Lighthouse on the pages, in their part of the same file, on every CPU again.
  unpinThisProcess();
  if (only !== 'api') await runPageBenchmarks();
}

await main();
