/**
 * `node --import tsx bench/profile-cold-pages.ts`: a CPU profile of the compiled server rendering
 * cold pages (page cache off, so every answer is a first render), summed by frame and by group
 * (React's renderer, compression, JSON, the head, the page's HTML), and the server's CPU time per
 * cold page from /proc. Shares of the samples, and CPU time rather than wall time: they hold on a
 * busy machine, where wall times do not (issue 37). `npm run bench:cold`: the CPU time alone,
 * without the profiler's own cost, with each thread's share. Needs `npm run build` first.
 * PROFILE_REQUESTS, PROFILE_WARM_UP (pages before the CPU time is read), PROFILE_SET=clients (a
 * thousand clients, below), PROFILE_PORT.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  cpuMsOf,
  productionServerEnv,
  productionServerScript,
  startNodeServer,
} from './bench-server.js';
import { generateClientsDatabase, type GeneratedDatabase } from './generate-clients.js';
import { httpRequest } from './http-request.js';

const requests = Number(process.env.PROFILE_REQUESTS ?? 1200);
const port = Number(process.env.PROFILE_PORT ?? 5090);
/**
 * PROFILE=off or `--no-profile` (`npm run bench:cold`): no profiler (it costs CPU of its own), only
 * the CPU time per cold page.
 */
const profiling = process.env.PROFILE !== 'off' && !process.argv.includes('--no-profile');
const profileDir = mkdtempSync(join(tmpdir(), 'highstreet-profile-'));
if (profiling) process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
/** Pages asked for before the CPU time is read: the first ones compile code and fill caches. */
const warmUp = Number(process.env.PROFILE_WARM_UP ?? 100);

/**
 * CPU ms of each of the server's threads: `main`, and the others by their name in /proc and
 * their id (V8's helper threads and libuv's pool both call themselves "node").
 */
function cpuMsByThread(pid: number): Map<string, number> {
  const byThread = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name =
        tid === String(pid)
          ? 'main'
          : `${readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()}#${tid}`;
      byThread.set(name, cpuMsOf(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byThread;
}

/** The ten pages of two clients, asked round and round (a query makes each URL distinct). */
const tenPages: [string, string][] = [
  ['se.localhost', '/'],
  ['se.localhost', '/product/1'],
  ['se.localhost', '/product/2'],
  ['se.localhost', '/product/3'],
  ['se.localhost', '/spas'],
  ['se.localhost', '/about'],
  ['rrb.localhost', '/'],
  ['rrb.localhost', '/booking'],
  ['rrb.localhost', '/nails'],
  ['rrb.localhost', '/terms'],
];

/**
 * PROFILE_SET=clients: a thousand generated clients (bench/generate-clients.ts), every page a
 * different page, most the first of their client: product pages of the 500 shops and the home and
 * booking pages of the 500 salons, in turn. Nothing one client's page made (its header and footer:
 * decision 0087) is there for the next, the worst case of "any scale" (issue 37).
 */
const everyClient = process.env.PROFILE_SET === 'clients';
const clientsDir = everyClient ? mkdtempSync(join(tmpdir(), 'highstreet-profile-clients-')) : '';
const database: GeneratedDatabase | undefined = everyClient
  ? await generateClientsDatabase({ count: 1000, outDir: clientsDir })
  : undefined;
function pageAt(i: number): [string, string] {
  if (!database) return tenPages[i % tenPages.length]!;
  const turn = Math.floor(i / 2);
  const round = Math.floor(turn / database.shops.length);
  if (i % 2 === 0) {
    const shop = database.shops[turn % database.shops.length]!.toLowerCase();
    return [`${shop}.localhost`, `/product/${(round % 30) + 1}`];
  }
  const salon = database.salons[turn % database.salons.length]!.toLowerCase();
  return [`${salon}.localhost`, round % 2 === 0 ? '/booking' : '/'];
}

const server = await startNodeServer(
  productionServerScript,
  {
    ...productionServerEnv(port, mkdtempSync(join(tmpdir(), 'highstreet-profile-data-'))),
    ...(database ? { ...database.env, MIGRATE_ON_START: 'off' } : {}),
    PAGE_CACHE_MB: '0',
    LOG_LEVEL: 'warn',
  },
  `http://127.0.0.1:${port}/api/health`,
);
try {
  // Four at a time, round the pages; a query makes each URL distinct (it changes nothing shown).
  let next = 0;
  let cpuBefore = 0;
  let threadsBefore = new Map<string, number>();
  const worker = async () => {
    while (next < requests) {
      if (next === warmUp) {
        cpuBefore = cpuMsOf(`/proc/${server.pid}/stat`);
        threadsBefore = cpuMsByThread(server.pid);
      }
      const i = next++;
      const [host, path] = pageAt(i);
      // node:http, not fetch: Node 20.20's fetch sends its own Host header, so every page went
      // to the default client.
      const res = await httpRequest(`http://127.0.0.1:${port}${path}?n=${i}`, {
        headers: { host, 'accept-encoding': 'br, gzip' },
      });
      if (res.status !== 200) throw new Error(`${host}${path}: ${res.status}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const perPage = (cpuMsOf(`/proc/${server.pid}/stat`) - cpuBefore) / (requests - warmUp);
  const threadsPerPage = [...cpuMsByThread(server.pid)].map(
    ([name, ms]) => [name, (ms - (threadsBefore.get(name) ?? 0)) / (requests - warmUp)] as const,
  );
  const mainPerPage = threadsPerPage.find(([name]) => name === 'main')?.[1] ?? 0;
  const byThread = threadsPerPage
    .filter(([, ms]) => ms >= 0.01)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
    .join(', ');
  console.log(
    `server CPU (user + system) per cold page${everyClient ? ' (a thousand clients in turn)' : ''} over ${requests - warmUp} pages after ${warmUp}: ${perPage.toFixed(2)} ms, of which the main thread ${mainPerPage.toFixed(2)} ms${profiling ? ' (under the profiler)' : ''}`,
  );
  console.log(`per thread, ms per page: ${byThread}`);
} finally {
  await server.stop();
  // The generated clients' seed and database (tens of MB), not kept between runs.
  if (clientsDir) rmSync(clientsDir, { recursive: true, force: true });
}

if (!profiling) process.exit(0);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile in ${profileDir}`);
const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
};
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const selfSamples = new Map<number, number>();
for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
// processChunk's samples are the main thread waiting for zlib's pool, not work: /proc's per-thread
// times give async brotli ~0.05 ms of main-thread CPU a call where the profile shows ~0.5 ms.
const idle = new Set(['(idle)', '(program)', '(garbage collector)', 'processChunk']);
/** Loading the server's modules (start-up), not a page: left out, so the shares are per page. */
const startUp = new Set(['Module._load', 'compileSourceTextModule', 'wrapSafe', 'ModuleJob.run']);
const isStartUp = (id: number): boolean => {
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    if (startUp.has(byId.get(at)!.callFrame.functionName)) return true;
  }
  return false;
};
const busy = [...selfSamples].filter(
  ([id]) => !idle.has(byId.get(id)!.callFrame.functionName) && !isStartUp(id),
);
const total = busy.reduce((sum, [, n]) => sum + n, 0);
const frameName = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${basename(node.callFrame.url) || '(native)'}:${node.callFrame.lineNumber + 1}`;

const frames = new Map<string, number>();
for (const [id, n] of busy) {
  const name = frameName(byId.get(id)!);
  frames.set(name, (frames.get(name) ?? 0) + n);
}

/** The group of a sample: the first recognisable frame on its stack, from the leaf up. */
const groups: [string, (node: ProfileNode) => boolean][] = [
  [
    'compression (zlib)',
    (n) => /zlib/.test(n.callFrame.url) || /^(brotli|gzip|deflate)/i.test(n.callFrame.functionName),
  ],
  [
    'JSON.stringify / parse',
    (n) => /^(stringify|parse)$/.test(n.callFrame.functionName) && n.callFrame.url === '',
  ],
  ['React renderer', (n) => /react-dom|react\/|server\.node|entry-server/.test(n.callFrame.url)],
  ['head and structured data', (n) => /page-head|structured-data|page-heads/.test(n.callFrame.url)],
  ['page HTML (template, CSS string)', (n) => /\/pages\/html\.js/.test(n.callFrame.url)],
  ['page data (database reads)', (n) => /page-data|photostructure|kysely/.test(n.callFrame.url)],
  [
    'Fastify and HTTP',
    (n) => /fastify|node:_http|node:net|find-my-way|light-my-request/.test(n.callFrame.url),
  ],
  ['garbage collection', (n) => n.callFrame.functionName === '(garbage collector)'],
];
const grouped = new Map<string, number>();
for (const [id, n] of busy) {
  let group = 'other';
  for (
    let node: ProfileNode | undefined = byId.get(id);
    node;
    node = byId.get(parentOf.get(node.id) ?? -1)
  ) {
    const found = groups.find(([, test]) => test(node!));
    if (found) {
      group = found[0];
      break;
    }
  }
  grouped.set(group, (grouped.get(group) ?? 0) + n);
}
const gc =
  selfSamples.get(
    profile.nodes.find((n) => n.callFrame.functionName === '(garbage collector)')?.id ?? -1,
  ) ?? 0;
const pct = (n: number) => `${((n * 100) / total).toFixed(1)}%`;
console.log(
  `${requests} cold pages, ${total} busy samples (+ ${gc} in GC; zlib's waits in processChunk and start-up's module loading are in neither list)\n`,
);
console.log('| group (stack, leaf up) | share |\n| --- | --- |');
for (const [group, n] of [...grouped].sort((x, y) => y[1] - x[1]))
  console.log(`| ${group} | ${pct(n)} |`);
console.log('\n| top frames (self) | share |\n| --- | --- |');
for (const [name, n] of [...frames].sort((x, y) => y[1] - x[1]).slice(0, 15)) {
  console.log(`| \`${name}\` | ${pct(n)} |`);
}
