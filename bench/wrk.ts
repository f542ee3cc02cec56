import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The load generator for throughput beside hello-world: wrk (C, one thread) on its own CPU, the
 * measured server on another (docs/decisions/0043-benchmark-load-generator.md). autocannon runs in
 * this Node process; parsing 11 KB pages it was slower than the server it measured, so a page's
 * figure was autocannon's. wrk is a Debian package; it is installed when missing, as Chromium is
 * for the browser tests.
 */
export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok2xx: number;
  non2xx: number;
}

export function ensureWrk(): void {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk --version exits 1 after printing its version; only a missing binary throws ENOENT.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
    console.log('Installing wrk (Debian package) for the throughput figures…');
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit' });
  }
}

/** Which CPUs the load generator and the servers use, when the machine has two or more. */
export const pinning = (() => {
  if (cpus().length < 2) return undefined;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return { load: '0', server: '1' };
})();

/** A command run on the load generator's CPU (or as it is, without pinning). */
export function onLoadCpu(command: string, args: string[]): [string, string[]] {
  return pinning ? ['taskset', ['-c', pinning.load, command, ...args]] : [command, args];
}

/**
 * Which CPUs a running server may use: its own one for the figures beside hello-world (both
 * servers alike), or every CPU for the latency rows, as the server runs in production.
 */
export function setServerCpus(pid: number, which: 'own' | 'all'): void {
  if (!pinning) return;
  const list = which === 'own' ? pinning.server : `0-${cpus().length - 1}`;
  execFileSync('taskset', ['-a', '-cp', list, String(pid)], { stdio: 'ignore' });
}

/** Moves this process (all its threads) to the load generator's CPU. */
export function pinThisProcessToLoadCpu(): void {
  if (pinning) execFileSync('taskset', ['-a', '-cp', pinning.load, String(process.pid)]);
}

/**
 * Gives this process (all its threads) every CPU again: what it starts after the wrk rows (the
 * page half's server and Chromium) inherits its affinity, and on the load generator's one CPU
 * Lighthouse measured the page's main thread sharing a core with the server and the browser's
 * other processes (TBT 79–237 ms against 1–15 ms unpinned, 2026-11-28).
 */
export function unpinThisProcess(): void {
  if (pinning)
    execFileSync('taskset', ['-a', '-cp', `0-${cpus().length - 1}`, String(process.pid)]);
}

/** Milliseconds from wrk's "1.23ms", "456.00us" or "1.02s". */
function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`wrk printed a time it could not read: ${text}`);
  const value = Number(match[1]);
  const unit = match[2];
  const ms =
    unit === 'us'
      ? value / 1000
      : unit === 'ms'
        ? value
        : unit === 's'
          ? value * 1000
          : value * 60_000;
  return Math.round(ms * 10) / 10;
}

/** Reads wrk's report (with --latency). */
export function parseWrkReport(report: string): LoadResult {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(report);
    return match ? Number(match[1]) : undefined;
  };
  const percentile = (p: string) => {
    const match = new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(report);
    if (!match) throw new Error(`wrk's report has no ${p}% latency:\n${report}`);
    return milliseconds(match[1]!);
  };
  const total = number(/(\d+) requests in /);
  const requestsPerSecond = number(/Requests\/sec:\s+([\d.]+)/);
  if (total === undefined || requestsPerSecond === undefined) {
    throw new Error(`wrk's report could not be read:\n${report}`);
  }
  const non2xx = number(/Non-2xx or 3xx responses: (\d+)/) ?? 0;
  const errors = /Socket errors: (.*)/.exec(report)?.[1];
  if (errors) throw new Error(`wrk saw socket errors (${errors}):\n${report}`);
  return {
    requestsPerSecond: Math.round(requestsPerSecond),
    p50: percentile('50'),
    p99: percentile('99'),
    ok2xx: total - non2xx,
    non2xx,
  };
}

export interface WrkRun {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** A POST with this JSON body (every request the same). */
  jsonBody?: string;
}

/** One wrk run: one thread, `connections` keep-alive connections, for `seconds`. */
export async function runWrk({
  url,
  connections,
  seconds,
  headers = {},
  jsonBody,
}: WrkRun): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'highstreet-wrk-'));
  try {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
    // wrk replaces its own Host header only when given one spelled "Host"; "host" would be sent
    // as a second Host, and the server reads the first (wrk's, the IP address).
    for (const [name, value] of Object.entries(headers)) {
      args.push('-H', `${name.toLowerCase() === 'host' ? 'Host' : name}: ${value}`);
    }
    if (jsonBody !== undefined) {
      const script = join(dir, 'post.lua');
      writeFileSync(
        script,
        [
          'wrk.method = "POST"',
          `wrk.body = ${JSON.stringify(jsonBody)}`,
          'wrk.headers["Content-Type"] = "application/json"',
        ].join('\n'),
      );
      args.push('-s', script);
    }
    args.push(url);
    const [command, commandArgs] = onLoadCpu('wrk', args);
    const report = await new Promise<string>((resolve, reject) => {
      const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}:\n${out}`)),
      );
    });
    return parseWrkReport(report);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
