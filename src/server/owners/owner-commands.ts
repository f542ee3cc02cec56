import { insertAudit } from '../audit/audit-store.js';
import type { Kysely } from 'kysely';
import { addAccountWithLink, setPasswordLink } from './owner-invitation.js';
import type { ClientRegistry } from '../kernel/client-registry.js';
import type { ServerConfig } from '../config.js';
import type { OwnerRole } from '../../common/owners.js';
import type { Database } from '../db/schema.js';
import { findOwnerByEmail, listOwners, normaliseEmail, removeOwner } from './owner-store.js';

export const ownerUsage = [
  'Usage: npm run owner -- <command>',
  '  add CODE EMAIL [--role staff]',
  '                      a new account for client CODE (an owner, or staff: the diary only);',
  '                      prints a one-time link to set the password (24 h)',
  '  link CODE EMAIL     a new one-time set-password link for an existing account (24 h)',
  '  list [CODE]         the accounts, of one client or all',
  '  remove CODE EMAIL   removes the account and ends its sessions',
].join('\n');

export interface OwnerCommandContext {
  db: Kysely<Database>;
  registry: ClientRegistry;
  config: Pick<ServerConfig, 'env' | 'port'>;
  print: (line: string) => void;
  now?: Date;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The owner CLI's commands (owner-cli.ts runs them against the configured database). Gives the
 * process's exit code: 0 done, 1 refused, 2 usage.
 */
export async function runOwnerCommand(
  given: string[],
  context: OwnerCommandContext,
): Promise<number> {
  const { db, registry, print } = context;
  // `--role owner|staff` may follow `add` anywhere; the other words are positional.
  const roleAt = given.indexOf('--role');
  const roleWord = roleAt >= 0 ? given[roleAt + 1] : 'owner';
  const args = roleAt >= 0 ? given.filter((_, i) => i !== roleAt && i !== roleAt + 1) : given;
  const [command, code, email] = args;
  if ((roleAt >= 0 && command !== 'add') || (roleWord !== 'owner' && roleWord !== 'staff')) {
    print(ownerUsage);
    return 2;
  }
  const role: OwnerRole = roleWord;
  const client = code ? registry.byCode(code) : undefined;
  const needsAccount = command === 'add' || command === 'link' || command === 'remove';
  if (needsAccount && (!code || !email || args.length !== 3)) {
    print(ownerUsage);
    return 2;
  }
  if (code && registry.all.length === 0) {
    print(
      'This database has no clients yet: start the server once (it seeds them), or check DATABASE_URL / SQLITE_FILE.',
    );
    return 1;
  }
  if (code && !client) {
    print(
      `There is no client with the code "${code}". Known codes: ${registry.all.map((c) => c.name).join(', ')}.`,
    );
    return 1;
  }

  const printLink = (link: string) => {
    print(`One-time link to set the password (works once, for 24 hours):`);
    print(`  ${link}`);
  };

  if (command === 'add' && client && email) {
    if (!emailPattern.test(email.trim())) {
      print(`"${email}" is not an e-mail address.`);
      return 1;
    }
    const added = await addAccountWithLink(context, client, email, role);
    if (!added) {
      print(
        `${client.name} already has an account for ${normaliseEmail(email)}; "link" makes a new set-password link.`,
      );
      return 1;
    }
    print(
      `Added ${added.email} as ${role === 'owner' ? 'an owner' : 'staff'} of ${client.name} (${client.title}).`,
    );
    printLink(added.link);
    return 0;
  }
  if (command === 'link' && client && email) {
    const owner = await findOwnerByEmail(db, client.name, email);
    if (!owner) {
      print(`${client.name} has no account for ${normaliseEmail(email)}.`);
      return 1;
    }
    printLink(await setPasswordLink(context, client, owner.id));
    return 0;
  }
  if (command === 'remove' && client && email) {
    if (!(await removeOwner(db, client.name, email))) {
      print(`${client.name} has no account for ${normaliseEmail(email)}.`);
      return 1;
    }
    await insertAudit(
      db,
      {
        clientCode: client.name,
        ownerId: null,
        action: 'owner-removed',
        detail: { email: normaliseEmail(email) },
      },
      context.now,
    );
    print(`Removed ${normaliseEmail(email)} from ${client.name}; its sessions have ended.`);
    return 0;
  }
  if (command === 'list' && args.length <= 2) {
    const owners = await listOwners(db, client?.name);
    if (owners.length === 0)
      print(client ? `${client.name} has no owner accounts.` : 'No owner accounts.');
    for (const o of owners) {
      const state = o.disabled ? 'disabled' : o.passwordHash ? 'active' : 'password not set yet';
      print(
        `${o.clientCode.padEnd(5)} ${o.email}  (${state}, ${o.role}; added ${o.createdAt.slice(0, 10)})`,
      );
    }
    return 0;
  }
  print(ownerUsage);
  return 2;
}
