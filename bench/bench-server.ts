import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { pinning } from './wrk.js';
import { resolve } from 'node:path';
import { mallocSettings } from '../scripts/malloc-settings.mjs';

const root = resolve(import.meta.dirname, '..');

/**
 * utime + stime in ms (fields 14 and 15) of a /proc stat file: /proc/PID/stat for a whole process
 * (every thread, ended ones too), /proc/PID/task/TID/stat for one thread. Linux only.
 */
export function cpuMsOf(statFile: string): number {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** The kernel's clock ticks per second (USER_HZ), which /proc's CPU times count in. */
const ticksPerSecond = 100;

export interface RunningServer {
  pid: number;
  stop: () => Promise<void>;
}

/**
 * The environment of a production server for benchmarks: loopback only, mail worker off, request
 * logging on as in production (info: one line per answer, written in batches).
 */
export function productionServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    MAIL_WORKER: 'off',
    // As `npm start` and the systemd unit start it (scripts/malloc-settings.mjs).
    ...mallocSettings,
  };
}

/** What `npm start` runs (after scripts/ensure-build.mjs has built it). */
export const productionServerScript = 'dist/server/main.js';

/**
 * Runs an entry point (JavaScript with node, TypeScript with tsx); resolves once `readyUrl`
 * answers below 500.
 */
export async function startNodeServer(
  script: string,
  env: Record<string, string>,
  readyUrl: string,
  { pin = false }: { pin?: boolean } = {},
): Promise<RunningServer> {
  // BENCH_NODE_ARGS: node flags for the measured server only, e.g. "--cpu-prof --cpu-prof-dir=DIR".
  const nodeArgs = script.startsWith('bench/')
    ? []
    : (process.env.BENCH_NODE_ARGS ?? '').split(' ');
  const args = [
    ...nodeArgs.filter(Boolean),
    ...(script.endsWith('.ts') ? ['--import', 'tsx', script] : [script]),
  ];
  // pin: on the servers' CPU, away from the load generator's (bench/wrk.ts); taskset execs node,
  // so the pid is the server's.
  const [command, commandArgs] =
    pin && pinning
      ? ['taskset', ['-c', pinning.server, process.execPath, ...args]]
      : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    cwd: root,
    env: { ...process.env, ...env },
    // BENCH_SERVER_LOG=FILE keeps the measured server's log lines (appended), for looking into a figure.
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_LOG && !script.startsWith('bench/')
        ? openSync(process.env.BENCH_SERVER_LOG, 'a')
        : 'ignore',
      'inherit',
    ],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited before ${readyUrl} answered`);
    try {
      if ((await fetch(readyUrl)).status < 500) return { pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`${script} did not answer on ${readyUrl} within 60 s`);
}
