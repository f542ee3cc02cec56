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
  ORDER_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  BOOKING_VISITORS_PER_IP: z.coerce.number().int().min(1).default(1),
  BOOKINGS_PER_IP_PER_DAY: z.coerce.number().int().min(1).default(6),
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TRUST_PROXY: z.string().default('off'),
  REFERENCE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  // Issue 34: page views counted in memory, written to the database this often.
  VISITS_FLUSH_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  OWNER_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  OWNER_SESSION_MAX_DAYS: z.coerce.number().min(0.01).max(90).default(14),
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Issue 14: time-outs, form sessions (docs/fault-probes.md).
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(4000),
  SQLITE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(1000).default(0),
  SQLITE_BUSY_RETRY_MS: z.coerce.number().int().min(0).max(30_000).default(1500),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(75_000),
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(256),
  FORM_TOKEN_SECRET: z.string().optional(),
  FORM_SESSION_LIMIT: z.coerce.number().int().min(1).default(5),
  BOOKING_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(30),
  // Issue 20: on, the server runs the release step (npm run migrate) itself before listening;
  // empty: on for SQLite, off for PostgreSQL (docs/decisions/0036-release-step.md).
  MIGRATE_ON_START: z.enum(['on', 'off', '']).default(''),
  // Issue 20: state shared by several instances (docs/decisions/0042-shared-state-across-instances.md).
  REDIS_URL: z
    .string()
    .regex(
      /^(rediss?:\/\/.+)?$/,
      'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379/0',
    )
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only (at most 64)')
    .default('highstreet:'),
  // Issue 38: /metrics answers only with this bearer token; unset, /metrics is not there.
  METRICS_TOKEN: z
    .string()
    .regex(/^(\S{16,})?$/, 'at least 16 characters, no spaces (e.g. openssl rand -hex 32)')
    .optional(),
  // Issue 38: the host's screen (/operator: add, list, disable businesses) signs in with this.
  OPERATOR_TOKEN: z
    .string()
    .regex(/^(\S{16,})?$/, 'at least 16 characters, no spaces (e.g. openssl rand -hex 32)')
    .optional(),
  // Issue 38: 5xx answers and failed scheduled jobs are POSTed here, personal data stripped.
  ERROR_REPORT_URL: z
    .string()
    .regex(/^(https?:\/\/\S+)?$/, 'must be an http:// or https:// URL')
    .optional(),
  // Issue 38: how often each instance looks for clients added or disabled by `npm run client`.
  CLIENT_RELOAD_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  // Issue 36: seals each client's Stripe keys in the database (AES-256-GCM); unset: no card payment.
  PAYMENTS_ENCRYPTION_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64})?$/, 'must be 64 hex digits (openssl rand -hex 32)')
    .optional(),
  // Issue 36: another address for Stripe's API (a local stand-in in tests); unset: Stripe's own.
  STRIPE_API_URL: z
    .string()
    .regex(/^(https?:\/\/\S+)?$/, 'must be an http:// or https:// URL')
    .optional(),
  // Issue 36: unpaid card payments older than this are asked about at Stripe (a lost webhook).
  PAYMENTS_RECONCILE_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
});

/** One environment variable as an operator reads about it (.env.example, --check-config, README). */
export interface VariableDescription {
  /** What it does; the schema's default is added by whoever shows it. */
  meaning: string;
  /** The default in words, where the schema's own is none or is worked out from others. */
  defaultText?: string;
  /** Masked when printed: `whole` (a password or token), `url` (only a URL's credentials). */
  secret?: 'whole' | 'url';
}

/** The names envSchema reads, in its order. */
export type VariableName = keyof z.input<typeof envSchema>;

/**
 * Every variable envSchema reads, described: `.env.example` is generated from this
 * (`npm run env:example`; a test fails when the file is not what it would write), and
 * `npm start -- --check-config` prints them. The type requires an entry for every variable.
 */
export const environmentVariables: Record<VariableName, VariableDescription> = {
  NODE_ENV: {
    meaning:
      'production turns on HSTS and secure cookies and turns the ?client= preview switch off',
  },
  PORT: { meaning: 'HTTP port' },
  HOST: { meaning: 'address to listen on (127.0.0.1: this machine only)' },
  DATABASE_URL: {
    meaning: 'a PostgreSQL URL, e.g. postgres://user:password@host/db; unset: the SQLite file',
    secret: 'url',
  },
  SQLITE_FILE: {
    meaning: 'the SQLite file when DATABASE_URL is unset',
    defaultText: 'DATA_DIR/highstreet.sqlite',
  },
  DATA_DIR: {
    meaning: 'where the SQLite file, pictures (DATA_DIR/media) and local e-mail files live',
  },
  WEB_DIST_DIR: { meaning: 'the built web app' },
  SEED_DIR: { meaning: 'client records, catalogue, reviews and treatments to seed' },
  THEMES_DIR: { meaning: 'one stylesheet per client code (CODE.css)' },
  DEFAULT_CLIENT: { meaning: 'the client for a host name no record lists' },
  CLIENT_PREVIEW: {
    meaning: 'on/off: the ?client=CODE switch',
    defaultText: 'on unless NODE_ENV=production',
  },
  SMTP_URL: {
    meaning:
      'e.g. smtp://user:pass@smtp.example.com:587; unset: each e-mail is written as an .eml file under DATA_DIR/outbox-eml/',
    secret: 'url',
  },
  MAIL_FROM: { meaning: 'sender of every e-mail' },
  MAIL_WORKER: { meaning: 'off: this instance does not deliver the outbox' },
  MAIL_LEASE_SECONDS: {
    meaning: "how long a worker's claim on a message lasts; after a crash it is sent again then",
  },
  MAIL_RELAY_LIMIT_PER_IP: {
    meaning: 'relay messages accepted per visitor address per minute (then 429)',
  },
  MAIL_RELAY_LIMIT_PER_CLIENT: {
    meaning: 'relay messages without a form session per client per hour',
  },
  BOOKING_LIMIT_PER_IP: {
    meaning: 'booking requests accepted per visitor address per hour (then 429)',
  },
  ORDER_LIMIT_PER_IP: { meaning: 'orders accepted per visitor address per hour (then 429)' },
  BOOKING_VISITORS_PER_IP: {
    meaning: 'anti-hogging: on one day an address may hold what this many visitors may (then 409)',
  },
  BOOKINGS_PER_IP_PER_DAY: {
    meaning: 'online bookings one address may make in any 24 hours, whatever their days (then 409)',
  },
  OUTBOX_RETENTION_DAYS: {
    meaning: 'sent e-mails (and the personal data in them) are deleted after this many days',
  },
  TRUST_PROXY: {
    meaning:
      'behind a reverse proxy: its addresses/CIDRs (127.0.0.1, 10.0.0.0/8,loopback), so limits see the visitor and its X-Request-Id is kept; on is refused',
  },
  REFERENCE_CACHE_SECONDS: {
    meaning: 'how long list answers may come from memory without a change; 0: off',
  },
  VISITS_FLUSH_SECONDS: {
    meaning:
      'site visits are counted in memory and added to the database this often (and at shutdown); 0: visits are not counted',
  },
  OWNER_SESSION_IDLE_MINUTES: { meaning: "an owner's session ends after this long unused" },
  OWNER_SESSION_MAX_DAYS: {
    meaning: "an owner's session ends this long after sign-in at the latest",
  },
  PAGE_CACHE_MB: { meaning: 'memory for rendered, compressed pages; 0: off' },
  LOG_LEVEL: { meaning: 'fatal, error, warn, info, debug, trace or silent' },
  DB_CONNECT_TIMEOUT_MS: { meaning: 'waiting for a PostgreSQL connection, then 503' },
  DB_STATEMENT_TIMEOUT_MS: { meaning: 'PostgreSQL statement time-out, then 503' },
  SQLITE_BUSY_TIMEOUT_MS: {
    meaning: "SQLite's synchronous wait for another process's lock; it blocks the process: keep 0",
  },
  SQLITE_BUSY_RETRY_MS: {
    meaning: 'how long a write retries a locked SQLite file (asynchronously) before 503',
  },
  HTTP_REQUEST_TIMEOUT_MS: { meaning: 'a whole request must arrive within this (then 408)' },
  HTTP_HEADERS_TIMEOUT_MS: { meaning: "a request's headers must arrive within this" },
  HTTP_IDLE_TIMEOUT_MS: {
    meaning: "a connection silent this long is closed (above a load balancer's 60 s)",
  },
  CONNECTIONS_PER_ADDRESS: {
    meaning: 'open connections one address may hold; not counted when TRUST_PROXY is set',
  },
  FORM_TOKEN_SECRET: {
    meaning: 'signs form tokens; set the same value on every instance',
    defaultText: 'random per process',
    secret: 'whole',
  },
  FORM_SESSION_LIMIT: { meaning: 'sends per form session per hour, relay and booking apart' },
  BOOKING_LIMIT_PER_CLIENT: {
    meaning: 'booking requests without a form session accepted per client per hour',
  },
  MIGRATE_ON_START: {
    meaning:
      'on: start-up runs the release step (npm run migrate) itself; off: it only checks the schema',
    defaultText: 'on with SQLite, off with PostgreSQL',
  },
  REDIS_URL: {
    meaning:
      'redis://host:6379/0 (or rediss://): limits counted and changes sent across instances; unset: in this process',
    secret: 'url',
  },
  REDIS_KEY_PREFIX: { meaning: 'starts every Redis key and channel name' },
  METRICS_TOKEN: {
    meaning:
      'GET /metrics (Prometheus) answers with Authorization: Bearer <this>; unset: no /metrics',
    secret: 'whole',
  },
  OPERATOR_TOKEN: {
    meaning:
      "the operator's screen /operator (add, list, disable and enable businesses) signs in with it; unset: no operator screen or API",
    secret: 'whole',
  },
  ERROR_REPORT_URL: {
    meaning:
      'a webhook: each 5xx answer and failed scheduled job is POSTed to it as JSON, personal data stripped (30 a minute at most); unset: none',
    secret: 'url',
  },
  CLIENT_RELOAD_SECONDS: {
    meaning:
      'how often each instance takes in clients added or disabled by npm run client (0: only at start)',
  },
  PAYMENTS_ENCRYPTION_KEY: {
    meaning:
      "64 hex digits (openssl rand -hex 32) sealing each client's Stripe keys at rest; the same on every instance; unset: no card payment",
    secret: 'whole',
  },
  STRIPE_API_URL: {
    meaning: "Stripe's API at another address (a local stand-in for tests)",
    defaultText: 'https://api.stripe.com',
  },
  PAYMENTS_RECONCILE_MINUTES: {
    meaning:
      'an unpaid card payment this old is looked up at Stripe (in case its webhook was lost)',
  },
};

/** A variable's default as shown to an operator: the words, the schema's default, or unset. */
export function variableDefault(name: VariableName): string | undefined {
  const described = environmentVariables[name].defaultText;
  if (described !== undefined) return described;
  const parsed = envSchema.shape[name].safeParse(undefined);
  return parsed.success && parsed.data !== undefined && parsed.data !== ''
    ? String(parsed.data)
    : undefined;
}

/** The variables in the schema's order. */
export const variableNames = Object.keys(envSchema.shape) as VariableName[];

/** The schema's problems with an environment, one message per variable (empty: none). */
export function environmentProblems(env: NodeJS.ProcessEnv): string[] {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (parsed.success) {
    try {
      parseTrustProxy(parsed.data.TRUST_PROXY);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  return problems;
}

export type TrustProxy = false | number | string[];

export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  sqliteBusyMs: number;
  sqliteRetryMs: number;
}

const ipv4 = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const ipv6 = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;
const proxyAddrNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * What start-up suggests: the proxies' own addresses. Not a hop count: it believes whoever
 * connects, so where the server can also be reached directly a visitor picks its address
 * (docs/decisions/0030-trust-proxy.md).
 */
const proxyAddressesAdvice =
  'Set the addresses or CIDRs of your own proxies instead, e.g. TRUST_PROXY=127.0.0.1 for nginx on this machine or TRUST_PROXY=10.0.0.0/8 for a load balancer in a private network (docs/decisions/0030-trust-proxy.md).';

/**
 * TRUST_PROXY: `off`/empty (the socket's address is the visitor's), a hop count (`1` behind one
 * proxy), or a comma-separated list of proxy addresses / CIDRs / `loopback`, `linklocal`,
 * `uniquelocal`. Never `true`: trusting every hop lets any visitor choose its address
 * (docs/decisions/0030-trust-proxy.md).
 */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim();
  if (value === '' || value === 'off' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) {
      throw new Error(`TRUST_PROXY: ${hops} hops is not believable. ${proxyAddressesAdvice}`);
    }
    return hops;
  }
  if (['on', 'true', 'yes', '*'].includes(value.toLowerCase())) {
    throw new Error(
      `TRUST_PROXY=on would let any visitor choose its address with X-Forwarded-For. ${proxyAddressesAdvice}`,
    );
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!ipv4.test(entry) && !ipv6.test(entry) && !proxyAddrNames.has(entry)) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is neither a hop count, an address, a CIDR nor loopback/linklocal/uniquelocal`,
      );
    }
  }
  return entries;
}

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
  /** How often this instance writes its counted site visits; 0: visits are not counted. */
  visitsFlushMs: number;
  /** How long a worker's claim on a message lasts; after a crash the message is retried then. */
  mailLeaseMs: number;
  /**
   * E-mail relay limits: per IP per minute; per client per hour for messages without a valid form
   * session only (genuine customers are limited per session instead).
   */
  mailRelayLimits: { perIpPerMinute: number; perClientPerHour: number };
  /** Booking requests accepted per visitor address per hour: one address cannot book out a day. */
  bookingLimitPerIpPerHour: number;
  /** Orders accepted per visitor address per hour. */
  orderLimitPerIpPerHour: number;
  /**
   * Anti-hogging per network address (issue 30): on one day an address may hold what this many
   * visitors may (the rules' bookings and minutes per visitor, times this).
   */
  bookingVisitorsPerAddress: number;
  /** Online bookings one network address may make in any 24 hours, whatever their days. */
  bookingsPerAddressPer24h: number;
  /** Sent outbox messages (and the personal data in them) are removed after this many days. */
  outboxRetentionDays: number;
  /** Owner sessions end after this long unused (sliding) and this long after sign-in at most. */
  ownerSession: { idleMs: number; maxMs: number };
  /**
   * The scrypt cost of owner passwords. Never read from the environment: unset, the server uses
   * password-hash.ts's defaultScryptCost (OWASP's). Only tests that sign in many times set a
   * cheaper one, so the suite stays fast; the test of the cost itself uses the default.
   */
  ownerPasswordCost?: { N: number; r: number; p: number };
  /** Which peers may name the visitor's address in X-Forwarded-For: none, a hop count or a list. */
  trustProxy: TrustProxy;
  logLevel: string;
  /** How long list endpoints may serve reference data from memory. */
  referenceCacheMs: number;
  /** PostgreSQL connect and statement time-outs; SQLite's busy wait and async retry window. */
  databaseTimeouts: DatabaseTimeouts;
  /** Node's HTTP server limits: whole request, headers, idle socket. */
  httpTimeouts: { requestMs: number; headersMs: number; idleMs: number };
  /** Open connections one address may hold (not counted behind a trusted proxy). */
  connectionsPerAddress: number;
  /** Signs form tokens (limits per form session); random per process when unset. */
  formTokenSecret: string | undefined;
  /** Sends accepted per form session (a valid form token) per hour, relay and booking apart. */
  formSessionLimitPerHour: number;
  /** Booking requests without a valid form session accepted per client per hour. */
  bookingSuspiciousPerClientPerHour: number;
  /** Rendered, compressed pages kept in memory, in bytes (0: off). */
  pageCacheBytes: number;
  /**
   * Whether start-up migrates, seeds and draws placeholders itself (one SQLite instance) or only
   * checks that `npm run migrate` has brought the schema up to date (several instances).
   */
  migrateOnStart: boolean;
  /**
   * Redis for what several instances share (rate-limit counters, the change channel); unset
   * keeps both in this process (one instance). The prefix starts every key and channel name.
   */
  redis: { url: string; keyPrefix: string } | undefined;
  /** The bearer token /metrics asks for; unset, there is no /metrics (docs/decisions/0061-operable.md). */
  metricsToken: string | undefined;
  /** The token the operator's screen signs in with; unset, there is none (decision 0080). */
  operatorToken: string | undefined;
  /** Where 5xx answers and failed jobs are reported (errors/error-reporter.ts); unset: nowhere. */
  errorReportUrl: string | undefined;
  /** How often the registry takes in clients added or disabled by another process; 0: never. */
  clientReloadMs: number;
  /**
   * Card payment (issue 36): the key that seals clients' Stripe keys (unset: no client can take
   * cards), Stripe's API address when it is not Stripe's own, and the age of an unpaid payment
   * that reconciliation asks Stripe about.
   */
  payments: {
    encryptionKey: Buffer | undefined;
    stripeApiUrl: string | undefined;
    reconcileAfterMs: number;
  };
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
    visitsFlushMs: e.VISITS_FLUSH_SECONDS * 1000,
    mailLeaseMs: e.MAIL_LEASE_SECONDS * 1000,
    mailRelayLimits: {
      perIpPerMinute: e.MAIL_RELAY_LIMIT_PER_IP,
      perClientPerHour: e.MAIL_RELAY_LIMIT_PER_CLIENT,
    },
    bookingLimitPerIpPerHour: e.BOOKING_LIMIT_PER_IP,
    bookingVisitorsPerAddress: e.BOOKING_VISITORS_PER_IP,
    bookingsPerAddressPer24h: e.BOOKINGS_PER_IP_PER_DAY,
    orderLimitPerIpPerHour: e.ORDER_LIMIT_PER_IP,
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    ownerSession: {
      idleMs: e.OWNER_SESSION_IDLE_MINUTES * 60_000,
      maxMs: Math.round(e.OWNER_SESSION_MAX_DAYS * 24 * 60 * 60_000),
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    referenceCacheMs: e.REFERENCE_CACHE_SECONDS * 1000,
    databaseTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      sqliteBusyMs: e.SQLITE_BUSY_TIMEOUT_MS,
      sqliteRetryMs: e.SQLITE_BUSY_RETRY_MS,
    },
    httpTimeouts: {
      requestMs: e.HTTP_REQUEST_TIMEOUT_MS,
      headersMs: e.HTTP_HEADERS_TIMEOUT_MS,
      idleMs: e.HTTP_IDLE_TIMEOUT_MS,
    },
    connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS,
    formTokenSecret: e.FORM_TOKEN_SECRET || undefined,
    formSessionLimitPerHour: e.FORM_SESSION_LIMIT,
    bookingSuspiciousPerClientPerHour: e.BOOKING_LIMIT_PER_CLIENT,
    pageCacheBytes: Math.round(e.PAGE_CACHE_MB * 2 ** 20),
    migrateOnStart: e.MIGRATE_ON_START === 'on' || (e.MIGRATE_ON_START === '' && !e.DATABASE_URL),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    metricsToken: e.METRICS_TOKEN || undefined,
    operatorToken: e.OPERATOR_TOKEN || undefined,
    errorReportUrl: e.ERROR_REPORT_URL || undefined,
    clientReloadMs: Math.round(e.CLIENT_RELOAD_SECONDS * 1000),
    payments: {
      encryptionKey: e.PAYMENTS_ENCRYPTION_KEY
        ? Buffer.from(e.PAYMENTS_ENCRYPTION_KEY, 'hex')
        : undefined,
      stripeApiUrl: e.STRIPE_API_URL || undefined,
      reconcileAfterMs: e.PAYMENTS_RECONCILE_MINUTES * 60_000,
    },
  };
}

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);

/**
 * What start-up must say out loud: NODE_ENV unset while listening beyond this machine means the
 * preview switch is on and HSTS and secure cookies are off, which suits a laptop, not a server.
 */
export function startupWarnings(config: ServerConfig, env: NodeJS.ProcessEnv): string[] {
  const warnings: string[] = [];
  const exposed = !loopbackHosts.has(config.host) && !config.host.startsWith('127.');
  if (exposed && (env.NODE_ENV === undefined || env.NODE_ENV === '')) {
    warnings.push(
      `NODE_ENV is not set and the server listens on ${config.host}, beyond this machine: running as development, so the ?client= preview switch is ${config.clientPreview ? 'ON' : 'off'}, and HSTS and secure cookies are OFF. Set NODE_ENV=production on a server (or HOST=127.0.0.1 for a local run).`,
    );
  }
  if (typeof config.trustProxy === 'number' && exposed) {
    warnings.push(
      `TRUST_PROXY=${config.trustProxy} trusts the nearest ${config.trustProxy === 1 ? 'hop' : `${config.trustProxy} hops`} whoever it is, and the server listens on ${config.host}: a visitor who reaches it directly chooses its own address with X-Forwarded-For, past every per-address limit. ${proxyAddressesAdvice}`,
    );
  }
  return warnings;
}
