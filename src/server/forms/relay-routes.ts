import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createFormLimits } from './form-limits.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, type ClientErrorStatus } from '../kernel/errors.js';
import { decideRelayRequest, type RelayRequest } from '../mail/compose-message.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import { recordEnquiry } from '../customers/customer-service.js';
import { inTransaction } from '../db/transaction.js';

const relayBodyLimit = 64 * 1024;
const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/;
/** @fastify/multipart's limit errors, in words a sender can act on. */
const multipartErrors: Record<string, { status: ClientErrorStatus; text: string }> = {
  FST_FILES_LIMIT: { status: 400, text: 'Attachments are not accepted' },
  FST_PARTS_LIMIT: { status: 413, text: 'Too many form fields' },
  FST_FIELDS_LIMIT: { status: 413, text: 'Too many form fields' },
  FST_REQ_FILE_TOO_LARGE: { status: 400, text: 'Attachments are not accepted' },
};
const idFields = new Set(['lib_version', 'user_id', 'service_id', 'template_id', 'accessToken']);

/** The relay answers like EmailJS: plain text, 200 `OK`, or an error status with the reason. */
function answerOk(reply: FastifyReply) {
  return reply.code(200).type('text/plain; charset=utf-8').send('OK');
}

/**
 * POST /api/v1.0/email/send (JSON) and /api/v1.0/email/send-form (multipart): the EmailJS REST
 * contract over our outbox. A message is answered 200 only once it is stored; the outbox worker
 * delivers it. Limits per IP (before the body is read), then per form session, or per client for
 * requests without one (once user_id is known; forms/form-limits.ts).
 * Refusals are thrown as AppError like everywhere else; the route config tells the one error
 * handler to answer them as EmailJS does, in plain text.
 */
export const relayRoutes: FastifyPluginAsync<AppDeps> = async (relay, { config, registry, db }) => {
  const limits = config.mailRelayLimits;
  // Registered inside this plugin, so only the relay's routes read multipart bodies.
  await relay.register(fastifyMultipart, {
    limits: { files: 0, fields: 60, fieldSize: 50 * 1024, parts: 60 },
  });
  const perIp = relay.createRateLimit({ max: limits.perIpPerMinute, timeWindow: 60_000 });
  // Per form session, or per client for what comes without one (forms/form-limits.ts).
  const formLimits = createFormLimits(relay, {
    scope: 'relay',
    perSessionPerHour: config.formSessionLimitPerHour,
    suspiciousPerClientPerHour: limits.perClientPerHour,
    config,
    db,
  });

  const refuseWhenLimited =
    (limiter: typeof perIp) => async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(
        429,
        `Too many requests, please try again in ${result.ttlInSeconds} seconds`,
      );
    };

  const handle = async (request: FastifyRequest, reply: FastifyReply, body: RelayRequest) => {
    // Per session or per client only once the body (JSON or multipart) has named the client.
    const client =
      typeof body.user_id === 'string' ? registry.byEmailUserId(body.user_id) : undefined;
    if (client) await formLimits(request, reply, client);
    const rawKey = request.headers['idempotency-key'];
    const idempotencyKey = typeof rawKey === 'string' && rawKey !== '' ? rawKey : undefined;
    if (idempotencyKey !== undefined && !idempotencyKeyPattern.test(idempotencyKey)) {
      throw new AppError(400, 'The idempotency key must be 8 to 128 letters, digits, - or _');
    }
    const decision = decideRelayRequest(body, {
      findClientByUserId: registry.byEmailUserId,
      mailFrom: config.mailFrom,
      idempotencyKey,
    });
    if (decision.kind === 'refused') throw new AppError(400, decision.reason);
    if (decision.kind === 'honeypot') {
      request.log.info(`Dropped a ${decision.client.name} message with the honeypot field filled`);
      return answerOk(reply);
    }
    // The enquiry's e-mail and its line on the sender's customer record are stored together.
    const stored = await inTransaction(db, async (trx) => {
      const result = await enqueueMessage(trx, decision.message);
      if (!result.duplicate)
        await recordEnquiry(trx, {
          clientCode: decision.client.name,
          ...decision.enquiry,
          subject: decision.message.subject,
          now: new Date(),
        });
      return result;
    });
    if (stored.duplicate && !stored.sameAsStored) {
      throw new AppError(
        422,
        'This Idempotency-Key was already used for a different message; send a new message with a new key',
      );
    }
    if (stored.duplicate) request.log.info(`Replay of outbox message ${stored.id} accepted once`);
    return answerOk(reply);
  };

  const routeOptions = {
    bodyLimit: relayBodyLimit,
    onRequest: refuseWhenLimited(perIp),
    config: {
      plainTextErrors: { serverError: 'The message could not be stored, please try again' },
    },
  };

  relay.post('/api/v1.0/email/send', routeOptions, async (request, reply) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new AppError(400, 'The request body must be a JSON object');
    }
    return handle(request, reply, body as RelayRequest);
  });

  relay.post('/api/v1.0/email/send-form', routeOptions, async (request, reply) => {
    if (!request.isMultipart()) {
      throw new AppError(400, 'The request must be multipart/form-data');
    }
    let fields: RelayRequest;
    try {
      fields = await readFormFields(request);
    } catch (error) {
      throw formDataError(error);
    }
    return handle(request, reply, fields);
  });
};

/**
 * Why a multipart body could not be read, as the sender should hear it: the multipart limits in
 * words, another refusal as it was, and a malformed body (no boundary, a truncated part) as the
 * sender's mistake rather than ours.
 */
function formDataError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode, message } = error as {
    code?: string;
    statusCode?: number;
    message?: string;
  };
  const friendly = multipartErrors[code ?? ''];
  if (friendly) return new AppError(friendly.status, friendly.text);
  if (statusCode && statusCode >= 400 && statusCode < 500) return error;
  return new AppError(400, `The form data could not be read: ${message ?? String(error)}`);
}

/** The multipart form as one EmailJS request: the ids, and every other field as a parameter. */
async function readFormFields(request: FastifyRequest): Promise<RelayRequest> {
  const ids: Record<string, string> = {};
  const params: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      part.file.resume();
      throw new AppError(400, 'Attachments are not accepted');
    }
    const value = typeof part.value === 'string' ? part.value : String(part.value);
    if (idFields.has(part.fieldname)) ids[part.fieldname] = value;
    else params[part.fieldname] = value;
  }
  (request as { body?: unknown }).body = { user_id: ids.user_id };
  return {
    user_id: ids.user_id,
    service_id: ids.service_id,
    template_id: ids.template_id,
    template_params: params,
  };
}
