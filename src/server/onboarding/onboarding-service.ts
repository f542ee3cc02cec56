import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { brandTheme } from '../../common/brand-theme.js';
import {
  clientCodeSchema,
  clientConfigSchema,
  describeIssues,
} from '../../common/client-config.js';
import type { FieldIssue } from '../../common/field-issues.js';
import type { AddBusinessRequest, AddedBusiness } from '../../common/operator.js';
import { loadClientRegistry } from '../clients/client-registry-store.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { addAccountWithLink } from '../owners/owner-invitation.js';
import { clientKinds, clientTemplate, type ClientKind } from './domain/client-template.js';
import { insertClient, listClientRows } from './onboarding-store.js';

/**
 * Onboarding a business (issue 38, decisions 0071 and 0080): the one service behind
 * `npm run client -- add` and the operator's screen. Checks everything first and adds nothing on
 * a problem; then writes the theme, stores the record from its template, and invites the first
 * owner. Problems are named by the request's field, so the screen shows each on its field and
 * the command line on its flag.
 */

export interface OnboardingContext {
  db: Kysely<Database>;
  config: Pick<ServerConfig, 'env' | 'port' | 'themesDir'>;
  now?: Date | undefined;
}

export type AddBusinessOutcome =
  | { ok: false; issues: FieldIssue[] }
  | { ok: true; added: AddedBusiness; themeFile: string; themeKept: boolean };

const hostPattern =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const defaultBrandColour = '#1f4e79';

export async function addBusiness(
  request: AddBusinessRequest,
  context: OnboardingContext,
): Promise<AddBusinessOutcome> {
  const { db, config } = context;
  const issues: FieldIssue[] = [];
  const problem = (path: string, message: string) => issues.push({ path, message });
  const code = request.code.trim().toUpperCase();
  const codeCheck = clientCodeSchema.safeParse(code);
  if (!codeCheck.success)
    problem('code', `"${request.code}" ${codeCheck.error.issues[0]?.message}.`);
  if (!(clientKinds as readonly string[]).includes(request.kind))
    problem('kind', `must be one of ${clientKinds.join(', ')}.`);
  const hosts = request.hostNames.map((h) => h.trim().toLowerCase().replace(/\.$/, ''));
  for (const host of hosts) {
    if (!hostPattern.test(host)) problem('hostNames', `"${host}" is not a host name.`);
  }
  const email = request.email ?? `hello@${hosts[0] ?? 'example.com'}`;
  if (!emailPattern.test(email)) problem('email', `"${email}" is not an e-mail address.`);
  if (request.ownerEmail !== undefined && !emailPattern.test(request.ownerEmail))
    problem('ownerEmail', `"${request.ownerEmail}" is not an e-mail address.`);

  const existing = await listClientRows(db);
  if (existing.some((row) => row.code === code))
    problem('code', `There is already a client ${code}.`);
  const allHosts = [...new Set([...hosts, `${code.toLowerCase()}.localhost`])];
  for (const row of existing) {
    for (const host of allHosts) {
      if (row.hostNames.some((h) => h.toLowerCase() === host))
        problem('hostNames', `The host name ${host} is already ${row.code}'s.`);
    }
  }
  const theme = brandTheme({
    colour: request.colour ?? defaultBrandColour,
    accent: request.accent,
    font: request.font,
    title: request.name,
  });
  if (!theme.ok) problem(theme.field, theme.message);
  if (issues.length > 0 || !theme.ok) return { ok: false, issues };

  const kind = request.kind as ClientKind;
  const template = clientTemplate({ code, name: request.name, kind, hostNames: allHosts, email });
  const record = clientConfigSchema.safeParse(template.record);
  if (!record.success) {
    return {
      ok: false,
      issues: [
        {
          path: '',
          message: `The template made an invalid record: ${describeIssues(record.error)}.`,
        },
      ],
    };
  }
  // The theme first: a record without its theme would serve unstyled pages.
  const themeFile = join(config.themesDir, `${code}.css`);
  const themeKept = existsSync(themeFile);
  if (!themeKept) {
    mkdirSync(config.themesDir, { recursive: true });
    writeFileSync(themeFile, theme.css);
  }
  await insertClient(db, record.data, template.treatments ? { [code]: template.treatments } : {});

  let invitation: AddedBusiness['invitation'] = null;
  if (request.ownerEmail !== undefined) {
    const registry = await loadClientRegistry(db);
    const client = registry.byCode(code);
    if (client) {
      invitation =
        (await addAccountWithLink(
          { db, registry, config, now: context.now },
          client,
          request.ownerEmail,
          'owner',
        )) ?? null;
    }
  }
  return {
    ok: true,
    themeFile,
    themeKept,
    added: {
      code,
      title: request.name,
      kind,
      hostNames: allHosts,
      adjustments: themeKept ? [] : theme.adjustments,
      invitation,
    },
  };
}
