import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import {
  clientCodeSchema,
  clientConfigSchema,
  describeIssues,
} from '../../common/client-config.js';
import { loadClientRegistry } from '../clients/client-registry-store.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { runOwnerCommand } from '../owners/owner-commands.js';
import { brandTheme } from './domain/brand-theme.js';
import { clientKinds, clientTemplate, type ClientKind } from './domain/client-template.js';
import { insertClient, listClientRows, setClientDisabled } from './onboarding-store.js';

export const clientUsage = [
  'Usage: npm run client -- <command>',
  '  add CODE --name "Business name" --host www.example.co.uk [--host …] --kind shop|salon|brochure',
  '      [--colour #hex] [--accent #hex] [--font "Font name"] [--email hello@…] [--owner owner@…]',
  '                      a new client from a template, its theme from the brand colours (text',
  '                      contrast checked), and a first owner with a one-time set-password link',
  '  list                every client: code, name, host names, owners, disabled or not',
  '  disable CODE        its host names answer "not available", its owners are signed out',
  '  enable CODE         serves it again',
  'Running servers take the change in within CLIENT_RELOAD_SECONDS: nothing to restart.',
].join('\n');

export interface ClientCommandContext {
  db: Kysely<Database>;
  config: Pick<ServerConfig, 'env' | 'port' | 'themesDir' | 'clientReloadMs'>;
  print: (line: string) => void;
  now?: Date;
}

const hostPattern =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

async function addClient(args: string[], context: ClientCommandContext): Promise<number> {
  const { db, print, config } = context;
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
  const problems: string[] = [];
  const code = givenCode.toUpperCase();
  const codeCheck = clientCodeSchema.safeParse(code);
  if (!codeCheck.success)
    problems.push(`CODE "${givenCode}" ${codeCheck.error.issues[0]?.message}.`);
  if (!(clientKinds as readonly string[]).includes(values.kind))
    problems.push(`--kind must be one of ${clientKinds.join(', ')}.`);
  const hosts = values.host.map((h) => h.trim().toLowerCase().replace(/\.$/, ''));
  for (const host of hosts) {
    if (!hostPattern.test(host)) problems.push(`--host "${host}" is not a host name.`);
  }
  const email = values.email ?? `hello@${hosts[0] ?? 'example.com'}`;
  if (!emailPattern.test(email)) problems.push(`--email "${email}" is not an e-mail address.`);
  if (values.owner !== undefined && !emailPattern.test(values.owner))
    problems.push(`--owner "${values.owner}" is not an e-mail address.`);

  const existing = await listClientRows(db);
  if (existing.some((row) => row.code === code))
    problems.push(`There is already a client ${code} (npm run client -- list).`);
  const localHost = `${code.toLowerCase()}.localhost`;
  const allHosts = [...new Set([...hosts, localHost])];
  for (const row of existing) {
    for (const host of allHosts) {
      if (row.hostNames.some((h) => h.toLowerCase() === host))
        problems.push(`The host name ${host} is already ${row.code}'s.`);
    }
  }
  const theme = brandTheme({
    colour: values.colour ?? values.color ?? '#1f4e79',
    accent: values.accent,
    font: values.font,
    title: values.name,
  });
  if (!theme.ok) problems.push(theme.message);
  if (problems.length > 0 || !theme.ok) {
    for (const problem of problems) print(problem);
    print('Nothing was added.');
    return 1;
  }

  const template = clientTemplate({
    code,
    name: values.name,
    kind: values.kind as ClientKind,
    hostNames: allHosts,
    email,
  });
  const record = clientConfigSchema.safeParse(template.record);
  if (!record.success) {
    print(
      `The template made an invalid record: ${describeIssues(record.error)}. Nothing was added.`,
    );
    return 1;
  }
  // The theme first: a record without its theme would serve unstyled pages.
  const themeFile = join(config.themesDir, `${code}.css`);
  if (existsSync(themeFile)) {
    print(`Kept the theme already at ${themeFile}.`);
  } else {
    mkdirSync(config.themesDir, { recursive: true });
    writeFileSync(themeFile, theme.css);
    print(`Wrote the theme ${themeFile}.`);
    for (const adjustment of theme.adjustments) print(`  Contrast: ${adjustment}`);
  }
  await insertClient(db, record.data, template.treatments ? { [code]: template.treatments } : {});
  print(
    `Added ${code} (${values.name}), a ${values.kind}, on ${allHosts.join(', ')}. Running servers serve it within ${Math.ceil(config.clientReloadMs / 1000)} s.`,
  );
  if (values.owner) {
    const registry = await loadClientRegistry(db);
    return runOwnerCommand(['add', code, values.owner], {
      db,
      registry,
      config,
      print,
      ...(context.now ? { now: context.now } : {}),
    });
  }
  print(`Invite its owner with: npm run owner -- add ${code} owner@example.com`);
  return 0;
}
