import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { FieldIssue } from '../../common/field-issues.js';
import type { BusinessKind } from '../../common/operator.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import * as z from 'zod/mini';
import { paymentSettingsRequestSchema } from '../../common/payments.js';
import { saveStripeKeys } from '../payments/payment-settings-service.js';
import { readPaymentSettings } from '../payments/payments-store.js';
import { addBusiness } from './onboarding-service.js';
import { listClientRows, setClientDisabled } from './onboarding-store.js';

export const clientUsage = [
  'Usage: npm run client -- <command>',
  '  add CODE --name "Business name" --host www.example.co.uk [--host …] --kind shop|salon|brochure',
  '      [--colour #hex] [--accent #hex] [--font "Font name"] [--email hello@…] [--owner owner@…]',
  '                      a new client from a template, its theme from the brand colours (text',
  '                      contrast checked), and a first owner with a one-time set-password link',
  '  list                every client: code, name, host names, owners, disabled or not',
  '  disable CODE        its host names answer "not available", its owners are signed out',
  '  enable CODE         serves it again',
  '  payments CODE [--off]',
  "                      stores the client's Stripe keys sealed (card payment, issue 36), read from",
  '                      STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET so they stay off the command',
  '                      line; either may be left out to keep the stored one; --off keeps the keys',
  '                      and takes no new card payments',
  'Running servers take the change in within CLIENT_RELOAD_SECONDS: nothing to restart.',
].join('\n');

export interface ClientCommandContext {
  db: Kysely<Database>;
  config: Pick<ServerConfig, 'env' | 'port' | 'themesDir' | 'clientReloadMs'> & {
    payments?: Pick<ServerConfig['payments'], 'encryptionKey'>;
  };
  print: (line: string) => void;
  now?: Date;
  /** Where `payments` reads the keys (the process's environment). */
  environment?: Record<string, string | undefined>;
}

/** The client CLI's commands (client-cli.ts). Exit code: 0 done, 1 refused, 2 usage. */
export async function runClientCommand(
  args: string[],
  context: ClientCommandContext,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) return listClients(context);
  if ((command === 'disable' || command === 'enable') && rest.length === 1 && rest[0])
    return switchClient(rest[0], command === 'disable', context);
  if (command === 'add') return addClient(rest, context);
  if (command === 'payments') return setPayments(rest, context);
  context.print(clientUsage);
  return 2;
}

async function listClients({ db, print }: ClientCommandContext): Promise<number> {
  const rows = await listClientRows(db);
  if (rows.length === 0) {
    print('No clients yet: add one with npm run client -- add.');
    return 0;
  }
  for (const row of rows) {
    const state = row.disabledAt ? `DISABLED since ${row.disabledAt}` : 'serving';
    print(
      `${row.code.padEnd(8)} ${row.title.padEnd(34)} ${state.padEnd(12)} owners: ${row.owners}  hosts: ${row.hostNames.join(', ') || '(none)'}`,
    );
  }
  return 0;
}

async function switchClient(
  given: string,
  disable: boolean,
  { db, print, config, now }: ClientCommandContext,
): Promise<number> {
  const code = given.toUpperCase();
  if (!(await setClientDisabled(db, code, disable, now))) {
    print(`There is no client with the code "${given}" (npm run client -- list).`);
    return 1;
  }
  const within = Math.ceil(config.clientReloadMs / 1000);
  print(
    disable
      ? `${code} is disabled: its host names answer "not available" and its owners cannot sign in (running servers within ${within} s).`
      : `${code} serves again (running servers within ${within} s).`,
  );
  return 0;
}

/** The flag a request field came from, for messages about the value given. */
const flagOf: Record<string, string> = {
  code: 'CODE',
  hostNames: '--host',
  kind: '--kind',
  colour: '--colour',
  accent: '--accent',
  font: '--font',
  email: '--email',
  ownerEmail: '--owner',
};

/** A problem as the command line says it: one about a value given names its flag first. */
function onTheCommandLine(issue: FieldIssue): string {
  const flag = flagOf[issue.path];
  const aboutTheValue = issue.message.startsWith('"') || /^(must|#)/.test(issue.message);
  return flag && aboutTheValue ? `${flag} ${issue.message}` : issue.message;
}

async function addClient(args: string[], context: ClientCommandContext): Promise<number> {
  const { print, config } = context;
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        host: { type: 'string', multiple: true },
        kind: { type: 'string' },
        colour: { type: 'string' },
        color: { type: 'string' },
        accent: { type: 'string' },
        font: { type: 'string' },
        email: { type: 'string' },
        owner: { type: 'string' },
      },
    });
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\n\n${clientUsage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [givenCode] = positionals;
  if (positionals.length !== 1 || !givenCode || !values.name || !values.host || !values.kind) {
    print(clientUsage);
    return 2;
  }
  const outcome = await addBusiness(
    {
      code: givenCode,
      name: values.name,
      hostNames: values.host,
      // Checked by the service, which names what it may be.
      kind: values.kind as BusinessKind,
      colour: values.colour ?? values.color,
      accent: values.accent,
      font: values.font,
      email: values.email,
      ownerEmail: values.owner,
    },
    context,
  );
  if (!outcome.ok) {
    for (const issue of outcome.issues) print(onTheCommandLine(issue));
    print('Nothing was added. (npm run client -- list shows the clients there are.)');
    return 1;
  }
  const { added } = outcome;
  if (outcome.themeKept) print(`Kept the theme already at ${outcome.themeFile}.`);
  else {
    print(`Wrote the theme ${outcome.themeFile}.`);
    for (const note of added.adjustments)
      print(`  Contrast: ${flagOf[note.field]} ${note.message}`);
  }
  print(
    `Added ${added.code} (${added.title}), a ${added.kind}, on ${added.hostNames.join(', ')}. Running servers serve it within ${Math.ceil(config.clientReloadMs / 1000)} s.`,
  );
  if (values.owner) {
    if (!added.invitation) {
      print(`${added.code} already has an account for ${values.owner}.`);
      return 1;
    }
    print(`Added ${added.invitation.email} as an owner of ${added.code} (${added.title}).`);
    print(`One-time link to set the password (works once, for 24 hours):`);
    print(`  ${added.invitation.link}`);
    return 0;
  }
  print(`Invite its owner with: npm run owner -- add ${added.code} owner@example.com`);
  return 0;
}

/**
 * `payments CODE [--off]`: the operator sets a client's Stripe keys, as the owner can on the
 * Payments screen (the same service). The keys come from the environment, never the command
 * line, which shells keep in their history and show in process lists.
 */
async function setPayments(args: string[], context: ClientCommandContext): Promise<number> {
  const { db, print, config } = context;
  const environment = context.environment ?? process.env;
  const [givenCode, ...flags] = args;
  if (!givenCode || flags.some((flag) => flag !== '--off')) {
    print(clientUsage);
    return 2;
  }
  const code = givenCode.toUpperCase();
  if (!(await listClientRows(db)).some((row) => row.code === code)) {
    print(`There is no client with the code "${givenCode}" (npm run client -- list).`);
    return 1;
  }
  const request = z.safeParse(paymentSettingsRequestSchema, {
    secretKey: environment['STRIPE_SECRET_KEY'] ?? '',
    webhookSecret: environment['STRIPE_WEBHOOK_SECRET'] ?? '',
    enabled: !flags.includes('--off'),
    version: (await readPaymentSettings(db, code))?.version ?? 0,
  });
  if (!request.success) {
    for (const issue of request.error.issues) {
      const name = issue.path[0] === 'secretKey' ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET';
      print(`${name}: ${issue.message}`);
    }
    return 1;
  }
  const saved = await saveStripeKeys(db, config.payments?.encryptionKey, code, request.data);
  if (!saved.ok) {
    print(
      saved.reason === 'no-encryption-key'
        ? 'Set PAYMENTS_ENCRYPTION_KEY (64 hex digits, the same as the servers use) first: keys are stored sealed with it.'
        : saved.reason === 'missing'
          ? 'Both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are needed the first time.'
          : 'The payment settings changed meanwhile; run the command again.',
    );
    return 1;
  }
  print(
    `${code}: Stripe keys stored sealed; card payment ${request.data.enabled ? 'on' : 'off (keys kept)'}. Stripe's webhook address: https://<its host>/api/payments/webhook/${code}`,
  );
  return 0;
}
