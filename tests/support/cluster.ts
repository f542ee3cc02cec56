import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { compiledEntry } from './compiled-server';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database.js';
import type { Database } from '../../src/server/db/schema.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { testPostgresUrl } from './test-database.js';

/**
 * Three server processes behind Debian's nginx on one PostgreSQL database and one Redis, as
 * docs/nginx.example.conf describes, for tests/cluster/. Everything runs as child processes of
 * the test with its own files in a temp folder: never the system's nginx or Redis services.
 */

const repoRoot = resolve(import.meta.dirname, '../..');
export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const redisServerPath = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: <T = unknown>() => T;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /**
   * The visitor's own address: any of 127.0.0.0/8 (all of it is this machine). nginx passes it on
   * in X-Forwarded-For, and the instances trust nginx, so each address is a different visitor.
   */
  from?: string;
  timeoutMs?: number;
}

/** One HTTP request on a new connection (no keep-alive: each visitor is its own connection). */
export function send(url: string, options: SendOptions = {}): Promise<HttpAnswer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(
      url,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolvePromise({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer from ${url} in time`)));
    req.on('error', reject);
    req.end(body);
  });
}

export interface ClusterInstance {
  name: string;
  port: number;
  /** The instance itself, bypassing nginx. */
  url: string;
  /** `127.0.0.1:port`, as nginx's $upstream_addr names it. */
  upstreamAddress: string;
  output: () => string;
  /** Kills the process at once (SIGKILL: no graceful close, as a crash or an OOM kill). */
  kill: () => Promise<void>;
  alive: () => boolean;
}

export interface Cluster {
  /** nginx, in front of every instance. */
  url: string;
  port: number;
  instances: ClusterInstance[];
  smtp: SmtpSink;
  /** The database all instances share, for the test to look at. */
  db: Kysely<Database>;
  databaseUrl: string;
  redisUrl: string;
  /** How long each start-up step took, in ms. */
  timings: Record<string, number>;
  nginxLog: () => string;
  stop: () => Promise<void>;
}

export interface ClusterOptions {
  /** nginx on portBase, the instances on the next three ports, Redis on portBase + 99. */
  portBase: number;
  /** Extra environment for every instance (limits, lease time …). */
  env?: Record<string, string>;
}

interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

/** Every child of every cluster of this process, so none outlives it, whatever happens. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function startChild(command: string, args: string[], env: Record<string, string> = {}): Child {
  let log = '';
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((r) =>
    child.once('exit', () => {
      children.delete(child);
      r();
    }),
  );
  return { process: child, output: () => log, exited };
}

async function stopChild(child: Child, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill(signal);
  const stopped = await Promise.race([
    child.exited.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), 8000)),
  ]);
  if (!stopped) {
    child.process.kill('SIGKILL');
    await child.exited;
  }
}

async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  child?: Child,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.process.exitCode !== null) {
      throw new Error(
        `${what}: the process exited (${child.process.exitCode}):\n${child.output()}`,
      );
    }
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${timeoutMs} ms${child ? `:\n${child.output()}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const answersHealth = async (url: string) => (await send(`${url}/api/health`)).status === 200;

function redisPing(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('data', (d: Buffer) => {
      socket.destroy();
      resolvePromise(d.toString().startsWith('+PONG'));
    });
    socket.on('error', () => resolvePromise(false));
    socket.on('close', () => resolvePromise(false));
  });
}

/**
 * The operators' example (docs/nginx.example.conf) with this cluster's ports, inside a main
 * configuration whose pid, logs and temp files live in `dir`. The test adds only a response
 * header naming the instance that answered ($upstream_addr).
 */
export function nginxConfig(dir: string, port: number, instancePorts: number[]): string {
  const example = readFileSync(join(repoRoot, 'docs/nginx.example.conf'), 'utf8');
  let site = example;
  const replace = (pattern: RegExp, by: (match: string, ...groups: string[]) => string) => {
    if (site.search(pattern) === -1) {
      throw new Error(
        `docs/nginx.example.conf no longer has ${String(pattern)}: update cluster.ts`,
      );
    }
    site = site.replace(pattern, by);
  };
  replace(
    /server 127\.0\.0\.1:300([1-3])/g,
    (_m, n) => `server 127.0.0.1:${instancePorts[Number(n) - 1]}`,
  );
  replace(/listen 80;/, () => `listen 127.0.0.1:${port};`);
  replace(/location \/ \{/, (m) => `${m}\n        add_header X-Upstream $upstream_addr always;`);
  writeFileSync(join(dir, 'highstreet.conf'), site);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, temp), { recursive: true });
  }
  return [
    // One process that does everything: a SIGKILL of the test leaves no worker behind.
    'master_process off;',
    'daemon off;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${join(dir, 'access.log')};`,
    `  client_body_temp_path ${join(dir, 'body')};`,
    `  proxy_temp_path ${join(dir, 'proxy')};`,
    `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
    `  scgi_temp_path ${join(dir, 'scgi')};`,
    `  include ${join(dir, 'highstreet.conf')};`,
    '}',
    '',
  ].join('\n');
}

/** How the instances run: the compiled server, as `npm start` runs it. */
function serverCommand(): { command: string; args: string[] } {
  return { command: process.execPath, args: [compiledEntry('main')] };
}

/** The release step (migrations, seed, pictures: `npm run migrate`) as a deployment runs it. */
function releaseStepCommand(): { command: string; args: string[] } {
  // The pictures are left out: the test asks for no page, and drawing them is most of the time.
  return { command: process.execPath, args: [compiledEntry('migrate'), '--skip-pictures'] };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const timings: Record<string, number> = {};
  let mark = Date.now();
  const lap = (name: string) => {
    timings[name] = Date.now() - mark;
    mark = Date.now();
  };
  const dir = mkdtempSync(join(tmpdir(), 'highstreet-cluster-'));
  const nginxDir = join(dir, 'nginx');
  const dataDir = join(dir, 'data');
  const redisDir = join(dir, 'redis');
  for (const d of [nginxDir, dataDir, redisDir]) mkdirSync(d, { recursive: true });

  const started: Child[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    await Promise.all(started.map((child) => stopChild(child)));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // Redis: a server of our own on a port of our own, empty, in memory only.
    const redisPort = options.portBase + 99;
    const redis = startChild(redisServerPath, [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      redisDir,
    ]);
    started.push(redis);
    await waitUntil('redis-server', () => redisPing(redisPort), 10_000, redis);
    const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
    lap('redis');

    // A fresh PostgreSQL database (not a schema: the instances take a plain DATABASE_URL).
    const databaseName = `hs_cluster_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testPostgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: testPostgresUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await client.end();
    });
    const url = new URL(testPostgresUrl);
    url.pathname = `/${databaseName}`;
    const databaseUrl = url.toString();
    lap('database');

    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());

    const instancePorts = [1, 2, 3].map((n) => options.portBase + n);
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: smtp.url,
      FORM_TOKEN_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const { command, args } = serverCommand();
    const instances: ClusterInstance[] = [];
    const startInstance = async (n: number) => {
      const port = instancePorts[n]!;
      const child = startChild(command, args, { ...env, PORT: String(port) });
      started.push(child);
      const instanceUrl = `http://127.0.0.1:${port}`;
      await waitUntil(`instance ${n + 1}`, () => answersHealth(instanceUrl), 60_000, child);
      instances[n] = {
        name: `instance ${n + 1}`,
        port,
        url: instanceUrl,
        upstreamAddress: `127.0.0.1:${port}`,
        output: child.output,
        alive: () => child.process.exitCode === null && child.process.signalCode === null,
        kill: async () => {
          child.process.kill('SIGKILL');
          await child.exited;
        },
      };
    };
    const releaseStep = releaseStepCommand();
    const migrate = spawnSync(releaseStep.command, releaseStep.args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (migrate.status !== 0) {
      throw new Error(`The release step failed:\n${migrate.stdout}\n${migrate.stderr}`);
    }
    lap('release step (migrate, seed)');
    await Promise.all([0, 1, 2].map(startInstance));
    lap('instances');

    const nginxConf = join(nginxDir, 'nginx.conf');
    writeFileSync(nginxConf, nginxConfig(nginxDir, options.portBase, instancePorts));
    const nginx = startChild(nginxPath, [
      '-p',
      nginxDir,
      '-c',
      nginxConf,
      '-e',
      join(nginxDir, 'error.log'),
    ]);
    started.push(nginx);
    const nginxUrl = `http://127.0.0.1:${options.portBase}`;
    await waitUntil('nginx', () => answersHealth(nginxUrl), 10_000, nginx);
    lap('nginx');

    const handle = openDatabase({ kind: 'postgres', url: databaseUrl });
    cleanups.push(() => handle.close());
    return {
      url: nginxUrl,
      port: options.portBase,
      instances,
      smtp,
      db: handle.db,
      databaseUrl,
      redisUrl,
      timings,
      nginxLog: () => {
        const read = (file: string) =>
          existsSync(join(nginxDir, file)) ? readFileSync(join(nginxDir, file), 'utf8') : '';
        return `${nginx.output()}${read('error.log')}`;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
