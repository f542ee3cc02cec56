import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';
import { decideRelayRequest, type RelayRequest } from './compose-message.js';
import { enqueueMessage } from './outbox.js';

/** The relay answers like EmailJS: plain text, 200 `OK` or 400 with the reason. */
const relayBodyLimit = 64 * 1024;
const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/;
/** @fastify/multipart's limit errors, in words a sender can act on. */
const multipartErrors: Record<string, { status: number; text: string }> = {
  FST_FILES_LIMIT: { status: 400, text: 'Attachments are not accepted' },
  FST_PARTS_LIMIT: { status: 413, text: 'Too many form fields' },
  FST_FIELDS_LIMIT: { status: 413, text: 'Too many form fields' },
  FST_REQ_FILE_TOO_LARGE: { status: 400, text: 'Attachments are not accepted' },
};
const idFields = new Set(['lib_version', 'user_id', 'service_id', 'template_id', 'accessToken']);

function answer(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
}

/**
 * POST /api/v1.0/email/send (JSON) and /api/v1.0/email/send-form (multipart): the EmailJS REST
 * contract over our outbox. A message is answered 200 only once it is stored; the outbox worker
 * delivers it. Limits per IP (before the body is read) and per client (once user_id is known).
 */
export function registerEmailRelayRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { config, registry, db } = deps;
  const limits = config.mailRelayLimits;

  void app.register(async (relay) => {
    await relay.register(fastifyMultipart, {
      limits: { files: 0, fields: 60, fieldSize: 50 * 1024, parts: 60 },
    });
    const perIp = relay.createRateLimit({ max: limits.perIpPerMinute, timeWindow: 60_000 });
    const perClient = relay.createRateLimit({
      max: limits.perClientPerHour,
      timeWindow: 60 * 60_000,
      keyGenerator: (request) => `client:${clientKeyOf(request)}`,
    });

    const refuseWhenLimited =
      (limiter: typeof perIp) => async (request: FastifyRequest, reply: FastifyReply) => {
        const result = await limiter(request);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(result.ttlInSeconds));
        return answer(
          reply,
          429,
          `Too many requests, please try again in ${result.ttlInSeconds} seconds`,
        );
      };

    const handle = async (request: FastifyRequest, reply: FastifyReply, body: RelayRequest) => {
      // Per client only once the body (JSON or multipart) has named the client.
      const limited = await refuseWhenLimited(perClient)(request, reply);
      if (limited) return limited;
      const rawKey = request.headers['idempotency-key'];
      const idempotencyKey = typeof rawKey === 'string' && rawKey !== '' ? rawKey : undefined;
      if (idempotencyKey !== undefined && !idempotencyKeyPattern.test(idempotencyKey)) {
        return answer(reply, 400, 'The idempotency key must be 8 to 128 letters, digits, - or _');
      }
      const decision = decideRelayRequest(body, {
        findClientByUserId: registry.byEmailUserId,
        mailFrom: config.mailFrom,
        idempotencyKey,
      });
      if (decision.kind === 'refused') return answer(reply, 400, decision.reason);
      if (decision.kind === 'honeypot') {
        request.log.info(
          `Dropped a ${decision.client.name} message with the honeypot field filled`,
        );
        return answer(reply, 200, 'OK');
      }
      const stored = await enqueueMessage(db, decision.message);
      if (stored.duplicate) request.log.info(`Replay of outbox message ${stored.id} accepted once`);
      return answer(reply, 200, 'OK');
    };

    const routeOptions = {
      bodyLimit: relayBodyLimit,
      onRequest: refuseWhenLimited(perIp),
    };

    relay.post('/api/v1.0/email/send', routeOptions, async (request, reply) => {
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return answer(reply, 400, 'The request body must be a JSON object');
      }
      return handle(request, reply, body as RelayRequest);
    });

    relay.post('/api/v1.0/email/send-form', routeOptions, async (request, reply) => {
      if (!request.isMultipart()) {
        return answer(reply, 400, 'The request must be multipart/form-data');
      }
      let fields: RelayRequest;
      try {
        fields = await readFormFields(request);
      } catch (error) {
        // A malformed body (no boundary, truncated part) is the sender's mistake, not ours.
        const status = (error as { statusCode?: number }).statusCode;
        if (status && status >= 400 && status < 500) throw error;
        return answer(reply, 400, `The form data could not be read: ${(error as Error).message}`);
      }
      return handle(request, reply, fields);
    });

    relay.setErrorHandler(
      async (error: Error & { statusCode?: number; code?: string }, request, reply) => {
        const friendly = multipartErrors[error.code ?? ''];
        if (friendly) return answer(reply, friendly.status, friendly.text);
        const status =
          error.statusCode && error.statusCode >= 400 && error.statusCode < 500
            ? error.statusCode
            : 500;
        if (status >= 500) {
          request.log.error({ err: error }, 'e-mail relay failed');
          return answer(reply, 500, 'The message could not be stored, please try again');
        }
        return answer(reply, status, error.message);
      },
    );
  });

  function clientKeyOf(request: FastifyRequest): string {
    const body = request.body as { user_id?: unknown } | undefined;
    const userId = body && typeof body.user_id === 'string' ? body.user_id : '';
    return registry.byEmailUserId(userId)?.name ?? 'unknown';
  }
}

/** The multipart form as one EmailJS request: the ids, and every other field as a parameter. */
async function readFormFields(request: FastifyRequest): Promise<RelayRequest> {
  const ids: Record<string, string> = {};
  const params: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      part.file.resume();
      throw Object.assign(new Error('Attachments are not accepted'), { statusCode: 400 });
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
