/**
 * `node --import tsx bench/cpu-per-request.ts`: server CPU time per request (user + system, read
 * from /proc) for a fixed number of requests, beside the hello-world. On a shared machine this
 * moves far less than requests per second do, and on a saturated server throughput is about its
 * inverse, so it stands in for the "vs hello-world" ratio when the machine is busy. Linux only.
 * Uses the compiled server (`npm start` or `npm run build:server` first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  cpuMsOf,
  productionServerEnv,
  productionServerScript,
  startNodeServer,
} from './bench-server.js';

const amount = Number(process.env.BENCH_AMOUNT ?? 20_000);

/** utime + stime of a process, in ms. */
const cpuMs = (pid: number): number => cpuMsOf(`/proc/${pid}/stat`);

async function cpuPerRequest(pid: number, options: autocannon.Options): Promise<number> {
  await autocannon({ connections: 50, amount: 2000, ...options });
  const before = cpuMs(pid);
  const result = await autocannon({ connections: 50, amount, ...options });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${String(options.url)} failed`);
  return ((cpuMs(pid) - before) * 1000) / amount;
}

const helloPort = 3998;
const hello = await startNodeServer(
  'bench/hello-server.ts',
  { PORT: String(helloPort) },
  `http://127.0.0.1:${helloPort}/`,
);
const rows: string[] = [];
try {
  const helloPid = hello.pid;
  const helloUs = await cpuPerRequest(helloPid, { url: `http://127.0.0.1:${helloPort}/` });
  rows.push(`hello-world: ${helloUs.toFixed(1)} µs CPU per request`);
  for (const logLevel of (process.env.BENCH_LOG_LEVELS ?? 'info,warn').split(',')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'highstreet-cpu-'));
    const port = 3903;
    const server = await startNodeServer(
      productionServerScript,
      { ...productionServerEnv(port, dataDir), LOG_LEVEL: logLevel },
      `http://127.0.0.1:${port}/api/health`,
    );
    try {
      for (const [host, path] of [
        ['rrb.localhost', '/api/categories/list'],
        ['rrb.localhost', '/api/treatments/list?activeOnly=1'],
        ['se.localhost', '/'],
        ['se.localhost', '/product/2'],
        ['rrb.localhost', '/booking'],
      ] as const) {
        const us = await cpuPerRequest(server.pid, {
          url: `http://127.0.0.1:${port}${path}`,
          headers: { host, 'accept-encoding': 'br, gzip' },
        });
        rows.push(
          `LOG_LEVEL=${logLevel} ${host} ${path}: ${us.toFixed(1)} µs CPU per request, hello-world/this = ${Math.round((helloUs / us) * 100)}%`,
        );
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await hello.stop();
}
console.log(rows.join('\n'));
