import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { escapeHtml } from '../kernel/escape-html.js';
import { AppError } from '../kernel/errors.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import {
  createFormTokens,
  formTokenHeader,
  type FormSession,
  type FormTokens,
} from './form-token.js';

/**
 * Limits that protect genuine customers (docs/decisions/0028-limits-that-protect-customers.md).
 *
 * Every request is limited per address first (the routes do that, before the body is read). Then:
 * - a form sent with a valid token at least 2 s old (a person's form session) is limited per
 *   session: a few sends an hour. Nothing shared counts it, so no one else can use up its share.
 * - anything else (no token, a forged or foreign one, a form sent faster than a person can) is
 *   suspicious, and all of a client's suspicious requests share one hourly quota. When that trips
 *   the owner gets a note (once an hour) and suspicious requests are refused; genuine ones pass.
 */
const hourMs = 60 * 60_000;

/** Which form a limit is for: counters and the owner's note are kept apart per kind. */
export type FormScope = 'relay' | 'booking' | 'order';
const scopeWords: Record<FormScope, string> = {
  relay: 'contact, enquiry and e-mailed order forms',
  booking: 'booking form',
  order: 'order form',
};

const tokensByConfig = new WeakMap<ServerConfig, FormTokens>();

/** The one token signer of an app (its secret is random per process when none is configured). */
export function formTokensFor(config: ServerConfig): FormTokens {
  let tokens = tokensByConfig.get(config);
  if (!tokens) {
    tokens = createFormTokens(config.formTokenSecret);
    tokensByConfig.set(config, tokens);
  }
  return tokens;
}

export interface FormLimitsOptions {
  /** Which form: the counters and the owner's note are kept apart per kind. */
  scope: FormScope;
  perSessionPerHour: number;
  suspiciousPerClientPerHour: number;
  config: ServerConfig;
  db: Kysely<Database>;
  now?: () => Date;
}

export type FormLimitCheck = (
  request: FastifyRequest,
  reply: FastifyReply,
  client: ClientConfig,
) => Promise<FormSession>;

export function createFormLimits(app: FastifyInstance, options: FormLimitsOptions): FormLimitCheck {
  const { scope, config, db } = options;
  const now = options.now ?? (() => new Date());
  const tokens = formTokensFor(config);
  const keys = new WeakMap<FastifyRequest, string>();
  const keyOf = (request: FastifyRequest) => keys.get(request) ?? 'none';
  const perSession = app.createRateLimit({
    max: options.perSessionPerHour,
    timeWindow: hourMs,
    keyGenerator: keyOf,
  });
  const suspicious = app.createRateLimit({
    max: options.suspiciousPerClientPerHour,
    timeWindow: hourMs,
    keyGenerator: keyOf,
  });
  const noted = new Map<string, string>();

  async function noteOwner(request: FastifyRequest, client: ClientConfig): Promise<void> {
    const hour = now().toISOString().slice(0, 13);
    if (noted.get(client.name) === hour) return;
    noted.set(client.name, hour);
    try {
      // The key makes it once an hour per client and kind, across instances too.
      await enqueueMessage(db, quotaNote(client, scope, options, config.mailFrom, hour), now());
      request.log.warn(`${client.name}: the ${scope} quota for unverified requests tripped`);
    } catch (error) {
      request.log.error({ err: error }, 'could not queue the quota note');
    }
  }

  return async (request, reply, client) => {
    const session = tokens.read(request.headers[formTokenHeader], client.name, now().getTime());
    if (session.kind === 'verified') {
      keys.set(request, `${scope}:session:${session.id}`);
      const result = await perSession(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(
          429,
          `You have sent this form several times already. Please try again in ${minutes(result.ttlInSeconds)}, or contact us by phone.`,
        );
      }
      return session;
    }
    keys.set(request, `${scope}:suspicious:${client.name}`);
    const result = await suspicious(request);
    if (!result.isAllowed && result.isExceeded) {
      await noteOwner(request, client);
      reply.header('retry-after', String(Math.min(result.ttlInSeconds, 60)));
      throw new AppError(
        429,
        'We are receiving unusually many requests. Please reload the page, fill in the form again and send it, or contact us by phone.',
      );
    }
    return session;
  };
}

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** The owner's note: what happened, that genuine customers still get through, what to do. */
export function quotaNote(
  client: ClientConfig,
  scope: FormScope,
  limits: Pick<FormLimitsOptions, 'suspiciousPerClientPerHour'>,
  mailFrom: string,
  hour: string,
) {
  const what = scopeWords[scope];
  const text = [
    `Hello,`,
    ``,
    `Your web site's ${what} received more than ${limits.suspiciousPerClientPerHour} requests in the last hour that did not come from a visitor filling in the form on your site (sent by a program, or faster than a person can type). Those are being refused for the rest of the hour.`,
    ``,
    `Customers who fill in the form on your site are not affected and can still reach you. You do not need to do anything; if this keeps happening, tell us and we will look at where the requests come from.`,
    ``,
    `This note is sent at most once an hour (${hour}:00 UTC).`,
  ].join('\n');
  return {
    clientCode: client.name,
    templateId: `quota-${scope}`,
    from: mailFrom,
    to: client.email,
    subject: `[${client.title}] Unusual traffic on your ${what}`,
    text,
    html: text
      .split('\n\n')
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join(''),
    idempotencyKey: `quota-${scope}-${hour}`,
  };
}
