import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { todayInTimeZone } from '../../common/booking.js';
import { weekdays, type ClientConfig } from '../../common/client-config.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import type { ClientRegistry } from '../kernel/client-registry.js';
import { siteOrigin } from '../kernel/site-origin.js';
import { hashPassword } from '../owners/password-hash.js';
import { createOwner, findOwnerByEmail, setOwnerPassword } from '../owners/owner-store.js';
import { planDemo, type DemoClientFacts } from './domain/demo-plan.js';
import { countDemoRows, readDemoInputs, replaceDemoRows } from './demo-store.js';

export const demoUsage = [
  'Usage: npm run demo [-- --reset] [-- --client CODE] [-- --force]',
  '  Fills every client (or one) with a month of bookings, orders in every status and sent and',
  '  failed e-mails, and makes an owner owner@<code>.demo with a new password, printed once.',
  '  --reset   makes the demo data afresh where there is some already (and new passwords)',
  '  --force   runs with NODE_ENV=production too (never do this on a live site)',
].join('\n');

export interface DemoCommandContext {
  db: Kysely<Database>;
  registry: ClientRegistry;
  config: Pick<ServerConfig, 'env' | 'port' | 'mailFrom'>;
  print: (line: string) => void;
  now?: Date;
}

export function demoOwnerEmail(code: string): string {
  return `owner@${code.toLowerCase()}.demo`;
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

function factsOf(
  client: ClientConfig,
  inputs: Awaited<ReturnType<typeof readDemoInputs>>,
  now: Date,
): DemoClientFacts {
  const hours = client.booking?.openingHours;
  return {
    code: client.name,
    today: todayInTimeZone(client.timeZone, now),
    treatments: client.booking ? inputs.treatments : [],
    staffIds: inputs.staffIds,
    products: client.usesCart ? inputs.products : [],
    openingMinutes: weekdays.map((day) => {
      const opening = hours?.[day];
      return opening ? { open: minutesOf(opening.open), close: minutesOf(opening.close) } : null;
    }),
  };
}

/** A seed per client and day: a rerun on the same day makes the same rows. */
function seedOf(code: string, today: string): number {
  let hash = 2166136261;
  for (const char of `${code}:${today}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** The demo command (demo-cli.ts). Exit code: 0 done, 1 refused, 2 usage. */
export async function runDemoCommand(args: string[], context: DemoCommandContext): Promise<number> {
  const { db, registry, config, print } = context;
  const now = context.now ?? new Date();
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        reset: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        client: { type: 'string' },
      },
    }));
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\n\n${demoUsage}`);
    return 2;
  }
  if (config.env === 'production' && !values.force) {
    print(
      'NODE_ENV is production: the demo makes up customers, bookings and orders and gives every client an owner with a known password, so it does not run here. Use --force only on a copy that no customer sees.',
    );
    return 1;
  }
  const clients = values.client
    ? [registry.byCode(values.client)].filter((c): c is ClientConfig => c !== undefined)
    : registry.all;
  if (clients.length === 0) {
    print(
      values.client
        ? `There is no client with the code "${values.client}".`
        : 'This database has no clients: check SEED_DIR and DATABASE_URL / SQLITE_FILE.',
    );
    return 1;
  }
  if (!values.reset) {
    const already: string[] = [];
    for (const client of clients) {
      if ((await countDemoRows(db, client.name)) > 0) already.push(client.name);
    }
    if (already.length > 0) {
      print(
        `There is demo data already for ${already.join(', ')}: nothing was changed. \`npm run demo -- --reset\` makes it afresh, with new passwords.`,
      );
      return 1;
    }
  }

  // 20 hex digits, 80 random bits: easy to copy, never on the common-passwords list. Hashed at
  // the server's cost, all at once (scrypt runs on libuv's threads).
  const sorted = [...clients].sort((a, b) => a.name.localeCompare(b.name));
  const passwords = sorted.map(() => randomBytes(10).toString('hex'));
  const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
  print('Demo data (the passwords are shown this once; run with --reset for new ones):');
  for (const [index, client] of sorted.entries()) {
    const inputs = await readDemoInputs(db, client.name);
    const facts = factsOf(client, inputs, now);
    const plan = planDemo(facts, seedOf(client.name, facts.today));
    await replaceDemoRows(
      db,
      {
        code: client.name,
        title: client.title,
        pricesInPence: client.pricesInPence,
        mailFrom: config.mailFrom,
      },
      plan,
      now,
    );
    const email = demoOwnerEmail(client.name);
    const owner =
      (await findOwnerByEmail(db, client.name, email)) ??
      (await createOwner(db, client.name, email, now));
    if (!owner) throw new Error(`Could not make the demo owner ${email}.`);
    const password = passwords[index]!;
    await setOwnerPassword(db, owner.id, hashes[index]!);
    const origin = siteOrigin(client, {
      production: config.env === 'production',
      port: config.port,
      registry,
    });
    print(
      `  ${client.name.padEnd(6)} ${client.title}: ${plan.bookings.length} bookings, ${plan.orders.length} orders, ${plan.emails.length} e-mails`,
    );
    print(`         ${origin}/manage  ${email}  password: ${password}`);
  }
  return 0;
}
