import {
  createOwner,
  createSession,
  setOwnerPassword,
} from '../../src/server/owners/owner-store.js';
import { hashPassword } from '../../src/server/owners/password-hash.js';
import type { SignedInOwner } from '../../src/server/kernel/signed-in-owner.js';
import { sessionCookieName } from '../../src/server/owners/session-cookie.js';
import type { TestApp } from './test-app.js';

export interface OwnerSession {
  owner: SignedInOwner;
  password: string;
  /** The Cookie header value that carries the session. */
  cookie: string;
  /**
   * Headers for `app.inject` as the owner's browser sends them on the client's own site: Host,
   * Cookie, a same-site Origin and the X-Requested-With header (so state-changing requests pass
   * the cross-site check).
   */
  headers: Record<string, string>;
}

let made = 0;
/**
 * Cheap scrypt settings: tests sign many owners in and need no real cost. Give the same to
 * startTestApp's `ownerPasswordCost` when a test signs in through the API, or the first sign-in
 * re-hashes the password at the server's full cost.
 */
export const cheapPasswordCost = { N: 1024, r: 8, p: 1 };

/**
 * A signed-in owner of `clientCode`, made directly through the store (no sign-in request, no
 * throttle): a new account with a password, and a session for it.
 */
export async function signInAs(
  t: TestApp,
  clientCode: string,
  options: {
    email?: string;
    password?: string;
    /** A staff account (issue 32) instead of an owner; `staffId` links it to a staff member. */
    role?: 'owner' | 'staff';
    staffId?: number | null;
  } = {},
): Promise<OwnerSession> {
  const client = t.registry.byCode(clientCode);
  if (!client) throw new Error(`No client ${clientCode}`);
  made += 1;
  const email = options.email ?? `owner${made}-${Date.now()}@example.com`;
  const password = options.password ?? 'copper kettle morning walk';
  const role = options.role ?? 'owner';
  const staffId = options.staffId ?? null;
  const account = await createOwner(t.handle.db, client.name, email, new Date(), { role, staffId });
  if (!account) throw new Error(`${client.name} already has an owner ${email}`);
  await setOwnerPassword(t.handle.db, account.id, await hashPassword(password, cheapPasswordCost));
  const token = await createSession(t.handle.db, account.id, t.config.ownerSession.maxMs);
  const cookie = `${sessionCookieName(t.config.env === 'production')}=${token}`;
  const host = client.hostNames[0]!;
  return {
    owner: { id: account.id, clientCode: client.name, email: account.email, role, staffId },
    password,
    cookie,
    headers: {
      host,
      cookie,
      // inject speaks plain http, so that is the scheme the server sees, production or not.
      origin: `http://${host}`,
      'x-requested-with': 'highstreet',
    },
  };
}
