/**
 * `npm run bench:clients`: one process serving a thousand clients (issue 20). Generates 1,000
 * clients (bench/generate-clients.ts: half shops with 30 products, half salons with treatments,
 * beside the 7 real ones) into a SQLite database with the release step, and the 7-client database
 * the same way; then for each, in the same run: the server's first start and restart to ready
 * (/api/health/ready), the first seconds after ready, page and API latency with autocannon, and
 * RSS after the load. Writes its section of docs/benchmarks.md.
 *
 * BENCH_CLIENTS (default 1000), BENCH_SECONDS (default 10), BENCH_DB (sqlite, postgres or both;
 * default sqlite), BENCH_POSTGRES_URL (the PostgreSQL server's maintenance database).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { writeBenchmarkSection } from './benchmarks-file.js';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { localDateTimeParts } from './bench-dates.js';
import {
  productionServerEnv,
  productionServerScript,
  startNodeServer,
  type RunningServer,
} from './bench-server.js';
import { httpRequest } from './http-request.js';
import { generateClientsDatabase, type GeneratedDatabase } from './generate-clients.js';

const root = resolve(import.meta.dirname, '..');
const clientCount = Number(process.env.BENCH_CLIENTS ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
/** In this helper's port range (E2E_PORT_BASE 5600), away from `npm run bench`'s 3901/3999. */
const port = Number(process.env.BENCH_CLIENTS_PORT ?? 5611);
const base = `http://127.0.0.1:${port}`;
/** `BENCH_DB=sqlite` (the default), `postgres`, or `sqlite,postgres`. */
const databases = (process.env.BENCH_DB ?? 'sqlite').split(',').filter((d) => d !== '');
const postgresAdminUrl =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freshPostgresDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return postgresAdminUrl.replace(/\/[^/]*$/, `/${name}`);
}

async function dropPostgresDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

interface Latency {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok2xx: number;
  non2xx: number;
}

interface SuiteResult {
  label: string;
  clients: number;
  recordsKb: number;
  releaseSeconds: number;
  firstStartMs: number;
  restartMs: number;
  afterReady: Latency;
  rows: Latency[];
  rssMb: number;
  peakRssMb: number;
  pageBytes: number;
  cspBytes: number;
  firstRenderMs: number;
}

/** How many client records, and their JSON's size: what the registry holds in memory. */
function recordsOf(database: GeneratedDatabase): { clients: number; recordsKb: number } {
  const dir = join(database.seedDir, 'clients');
  const files = readdirSync(dir);
  const bytes = files.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
  return { clients: files.length, recordsKb: Math.round(bytes / 1024) };
}

function rssOf(pid: number): { rssMb: number; peakRssMb: number } {
  if (!existsSync(`/proc/${pid}/status`)) {
    throw new Error(`The server (pid ${pid}) is gone: it exited or was killed during the load`);
  }
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
}

async function startTimed(
  env: Record<string, string>,
): Promise<{ server: RunningServer; ms: number }> {
  const started = performance.now();
  const server = await startNodeServer(productionServerScript, env, `${base}/api/health/ready`);
  return { server, ms: Math.round(performance.now() - started) };
}

async function measure(
  name: string,
  options: autocannon.Options,
  warmUp = true,
  duration = seconds,
): Promise<Latency> {
  if (warmUp) await autocannon({ connections, duration: 1, ...options });
  const result = await autocannon({ connections, duration, ...options });
  console.log(
    `  ${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
  };
}

/** An open day of the salon template a week or more ahead, for bookings/time. */
function openDayOfSalon(): string {
  const rrb = JSON.parse(readFileSync(join(root, 'seed/clients/RRB.json'), 'utf8')) as {
    timeZone: string;
    booking: { openingHours: Record<string, unknown>; closedDates: string[] };
  };
  for (let offset = 7; offset < 40; offset++) {
    const { date, weekday } = localDateTimeParts(
      new Date(Date.now() + offset * 86_400_000),
      rrb.timeZone,
    );
    if (rrb.booking.openingHours[weekday] && !rrb.booking.closedDates.includes(date)) return date;
  }
  throw new Error('RRB has no open day in the next 40 days');
}

async function runSuite(label: string, database: GeneratedDatabase): Promise<SuiteResult> {
  const shop = database.shops[Math.floor(database.shops.length / 2)] ?? 'SE';
  const salon = database.salons[Math.floor(database.salons.length / 2)] ?? 'RRB';
  const shopHost = `${shop.toLowerCase()}.localhost`;
  const salonHost = `${salon.toLowerCase()}.localhost`;
  const env = {
    ...productionServerEnv(port, database.dataDir),
    ...database.env,
    // Deployed as several instances would be: the release step has run; start-up only checks.
    MIGRATE_ON_START: 'off',
  };
  const first = await startTimed(env);
  console.log(`${label}: first start to ready ${first.ms} ms (pid ${first.server.pid})`);
  const rows: Latency[] = [];
  let afterReady: Latency;
  let memory: { rssMb: number; peakRssMb: number };
  let pageBytes: number;
  let firstRenderMs: number;
  let cspBytes: number;
  try {
    // The first seconds after ready, no warm-up: ready must mean full speed.
    afterReady = await measure(
      `${label} GET ${shop} /product/2, first 5 s after ready`,
      { url: `${base}/product/2`, headers: { host: shopHost, 'accept-encoding': 'br, gzip' } },
      false,
      5,
    );
    // A page no one has asked for yet is rendered (then kept in the page cache): one at a time,
    // 20 such pages. With 7 clients, 20 of SE's products; with more, product 2 of 20 shops.
    const firstRenders: number[] = [];
    const seProducts = (
      JSON.parse(readFileSync(join(database.seedDir, 'products.json'), 'utf8')) as Array<{
        clientCode: string;
        id: number;
      }>
    ).filter((p) => p.clientCode === 'SE' && p.id !== 2);
    for (let i = 0; i < 20; i++) {
      const [host, path] =
        database.shops.length > 20
          ? [`${database.shops[i]!.toLowerCase()}.localhost`, '/product/2']
          : ['se.localhost', `/product/${seProducts[i]!.id}`];
      const started = performance.now();
      const answer = await httpRequest(`${base}${path}`, {
        headers: { host, 'accept-encoding': 'br, gzip' },
      });
      if (answer.status !== 200) throw new Error(`${host}${path} answered ${answer.status}`);
      firstRenders.push(performance.now() - started);
    }
    firstRenderMs = Math.round(firstRenders.sort((a, b) => a - b)[10]!);
    const page = await httpRequest(`${base}/product/2`, { headers: { host: shopHost } });
    pageBytes = page.body.toString().length;
    cspBytes = String(page.headers['content-security-policy'] ?? '').length;
    const day = openDayOfSalon();
    const pages: Array<[string, string, string]> = [
      [shop, shopHost, '/product/2'],
      [salon, salonHost, '/booking'],
    ];
    for (const [code, host, path] of pages) {
      rows.push(
        await measure(`${label} GET ${code} ${path} (page, br)`, {
          url: `${base}${path}`,
          headers: { host, 'accept-encoding': 'br, gzip' },
        }),
      );
    }
    if (database.shops.length > 1) {
      // Every shop in turn: pages rendered for many clients, not one page from the cache.
      let next = 0;
      rows.push(
        await measure(`${label} GET /product/2 of each of ${database.shops.length} shops in turn`, {
          url: `${base}/product/2`,
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: {
                  ...request.headers,
                  host: `${database.shops[next++ % database.shops.length]!.toLowerCase()}.localhost`,
                  'accept-encoding': 'br, gzip',
                },
              }),
            },
          ],
        }),
      );
    }
    const json = { host: salonHost, 'content-type': 'application/json' };
    rows.push(
      await measure(`${label} GET ${salon} categories/list`, {
        url: `${base}/api/categories/list`,
        headers: json,
      }),
    );
    rows.push(
      await measure(`${label} POST ${salon} bookings/time (${day})`, {
        url: `${base}/api/bookings/time`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ bookingDate: day, estmatedDuration: 60 }),
      }),
    );
    memory = rssOf(first.server.pid);
  } finally {
    await first.server.stop();
  }
  const second = await startTimed(env);
  await second.server.stop();
  return {
    label,
    ...recordsOf(database),
    releaseSeconds: database.releaseSeconds,
    firstStartMs: first.ms,
    restartMs: second.ms,
    afterReady,
    rows,
    ...memory,
    pageBytes,
    cspBytes,
    firstRenderMs,
  };
}

function report(results: SuiteResult[], loadBefore: string, loadAfter: string): string {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const summary = results.map(
    (r) =>
      `| ${r.label} | ${r.clients} | ${r.recordsKb} | ${r.releaseSeconds.toFixed(1)} | ${(r.firstStartMs / 1000).toFixed(1)} | ${(r.restartMs / 1000).toFixed(1)} | ${r.rssMb} | ${r.peakRssMb} | ${r.afterReady.requestsPerSecond} / ${r.afterReady.p99} | ${r.firstRenderMs} | ${r.pageBytes} | ${r.cspBytes} |`,
  );
  const latency = results.flatMap((r) =>
    r.rows.map(
      (row) =>
        `| ${row.name} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.ok2xx} | ${row.non2xx} |`,
    ),
  );
  return `## A thousand clients in one process (\`npm run bench:clients\`)

Recorded on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine},
**shared** with other work: load average before the run ${loadBefore}, after ${loadAfter}
(\`uptime\`). ${databases.join(' and ')}; the production server (\`node dist/server/main.js\`, \`NODE_ENV=production\`,
glibc's settings of scripts/malloc-settings.mjs as \`npm start\` gives them, request logging on) with \`MIGRATE_ON_START=off\`: the release step (\`npm run migrate\`, here
bench/generate-clients.ts calling it, placeholder pictures not drawn) ran first, as a deployment
does. autocannon, ${connections} connections, ${seconds} s per row after 1 s of warm-up. Start and
restart are from spawning the process to \`/api/health/ready\` answering 200. RSS is read from
/proc after the load (peak: VmHWM). "In turn" asks for product 2 of every shop in turn: nearly
every answer is that page's first render, which costs the same with 7 clients (the first-render
column: pages no one had asked for, one at a time). Targets (issue 20): start and restart ≤ 10 s, RSS ≤ 500 MB,
page and API p99 as with 7 clients, within noise.

| database | clients | client records KB | release step s | first start s | restart s | RSS MB | peak RSS MB | first 5 s after ready: req/s / p99 ms | a product page's first render ms (median of 20) | product page bytes | CSP header bytes |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${summary.join('\n')}

| benchmark | req/s | p50 ms | p99 ms | 2xx | non-2xx |
| --- | ---: | ---: | ---: | ---: | ---: |
${latency.join('\n')}`;
}

async function main(): Promise<void> {
  await ensureBuild();
  const loadBefore = execFileSync('uptime')
    .toString()
    .trim()
    .replace(/.*load average: /, '');
  const work = mkdtempSync(join(tmpdir(), 'highstreet-clients-'));
  const results: SuiteResult[] = [];
  const dropped: Array<() => Promise<void>> = [];
  try {
    for (const kind of databases) {
      const label = kind === 'postgres' ? 'PostgreSQL' : 'SQLite';
      for (const [name, count] of [
        ['seven', 0],
        ['many', clientCount],
      ] as const) {
        let databaseUrl: string | undefined;
        if (kind === 'postgres') {
          databaseUrl = await freshPostgresDatabase(`highstreet_clients_${name}`);
          dropped.push(() => dropPostgresDatabase(`highstreet_clients_${name}`));
        }
        const database = await generateClientsDatabase({
          count,
          outDir: join(work, `${kind}-${name}`),
          databaseUrl,
        });
        results.push(await runSuite(`${label}, ${count + 7} clients`, database));
      }
    }
  } finally {
    for (const drop of dropped) await drop();
    rmSync(work, { recursive: true, force: true });
  }
  const loadAfter = execFileSync('uptime')
    .toString()
    .trim()
    .replace(/.*load average: /, '');
  const section = report(results, loadBefore, loadAfter);
  writeBenchmarkSection('clients', section, 'end');
  console.log(section);
}

await main();
