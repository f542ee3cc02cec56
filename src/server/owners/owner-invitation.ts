import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import type { OwnerRole } from '../../common/owners.js';
import { insertAudit } from '../audit/audit-store.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import type { ClientRegistry } from '../kernel/client-registry.js';
import { siteOrigin } from '../kernel/site-origin.js';
import { setPasswordLinkValidMs } from './owner-service.js';
import { createOneTimeToken, createOwner } from './owner-store.js';

export interface InvitationContext {
  db: Kysely<Database>;
  registry: ClientRegistry;
  config: Pick<ServerConfig, 'env' | 'port'>;
  now?: Date | undefined;
}

/** A one-time set-password link for an account (24 h), on the client's own site. */
export async function setPasswordLink(
  context: InvitationContext,
  client: ClientConfig,
  ownerId: number,
): Promise<string> {
  const token = await createOneTimeToken(
    context.db,
    ownerId,
    'set-password',
    setPasswordLinkValidMs,
    context.now,
  );
  const origin = siteOrigin(client, {
    production: context.config.env === 'production',
    port: context.config.port,
    registry: context.registry,
  });
  return `${origin}/login/set-password?token=${token}`;
}

/**
 * A new account made by the host (npm run owner, npm run client, the operator's screen), audited
 * as done by no owner, with its one-time link; undefined when the client already has that address.
 */
export async function addAccountWithLink(
  context: InvitationContext,
  client: ClientConfig,
  email: string,
  role: OwnerRole,
): Promise<{ email: string; link: string } | undefined> {
  const owner = await createOwner(context.db, client.name, email, context.now, {
    role,
    staffId: null,
  });
  if (!owner) return undefined;
  await insertAudit(
    context.db,
    {
      clientCode: client.name,
      ownerId: null,
      action: 'owner-added',
      detail: { email: owner.email, role },
    },
    context.now,
  );
  return { email: owner.email, link: await setPasswordLink(context, client, owner.id) };
}
