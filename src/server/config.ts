import { resolve } from 'node:path';
import { z } from 'zod';

/** Every environment variable the server reads, validated once at start-up (see README). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  /** Defaults to highstreet.sqlite inside DATA_DIR. */
  SQLITE_FILE: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  WEB_DIST_DIR: z.string().default('dist/web'),
  SEED_DIR: z.string().default('seed'),
  THEMES_DIR: z.string().default('public/themes'),
  DEFAULT_CLIENT: z.string().default('JS'),
  CLIENT_PREVIEW: z.enum(['on', 'off', '']).default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Highstreet <no-reply@highstreet.localhost>'),
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(86400).default(600),
  MAIL_RELAY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  MAIL_RELAY_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(200),
  BOOKING_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z.enum(['on', 'off']).default('off'),
  REFERENCE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface ServerConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  dataDir: string;
  mediaDir: string;
  webDistDir: string;
  themesDir: string;
  seedDir: string;
  defaultClient: string;
  /** The ?client= switch: on for local runs, off in production unless CLIENT_PREVIEW=on. */
  clientPreview: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailWorker: boolean;
  /** How long a worker's claim on a message lasts; after a crash the message is retried then. */
  mailLeaseMs: number;
  /** E-mail relay limits: per IP per minute, per client per hour. */
  mailRelayLimits: { perIpPerMinute: number; perClientPerHour: number };
  /** Booking requests accepted per visitor address per hour: one address cannot book out a day. */
  bookingLimitPerIpPerHour: number;
  trustProxy: boolean;
  logLevel: string;
  /** How long list endpoints may serve reference data from memory. */
  referenceCacheMs: number;
  /** Rendered, compressed pages kept in memory, in bytes (0: off). */
  pageCacheBytes: number;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(root, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : {
          kind: 'sqlite',
          file: e.SQLITE_FILE
            ? resolve(root, e.SQLITE_FILE)
            : resolve(dataDir, 'highstreet.sqlite'),
        },
    dataDir,
    mediaDir: resolve(dataDir, 'media'),
    webDistDir: resolve(root, e.WEB_DIST_DIR),
    themesDir: resolve(root, e.THEMES_DIR),
    seedDir: resolve(root, e.SEED_DIR),
    defaultClient: e.DEFAULT_CLIENT,
    clientPreview:
      e.CLIENT_PREVIEW === 'on' || (e.CLIENT_PREVIEW === '' && e.NODE_ENV !== 'production'),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailWorker: e.MAIL_WORKER === 'on',
    mailLeaseMs: e.MAIL_LEASE_SECONDS * 1000,
    mailRelayLimits: {
      perIpPerMinute: e.MAIL_RELAY_LIMIT_PER_IP,
      perClientPerHour: e.MAIL_RELAY_LIMIT_PER_CLIENT,
    },
    bookingLimitPerIpPerHour: e.BOOKING_LIMIT_PER_IP,
    trustProxy: e.TRUST_PROXY === 'on',
    logLevel: e.LOG_LEVEL,
    referenceCacheMs: e.REFERENCE_CACHE_SECONDS * 1000,
    pageCacheBytes: Math.round(e.PAGE_CACHE_MB * 2 ** 20),
  };
}
