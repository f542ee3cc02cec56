import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request log lines, made cheaper (docs/decisions/logging.md): one line per answer
 * ("answered", with the request id, method, url, status and time) from the root logger instead
 * of "incoming request" and "request completed" through a per-request child logger. The child
 * logger itself is made only when something logs through `request.log` (lazy-child-logger.ts).
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      reqId: request.id,
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) request.server.log.error({ ...line, err: error }, 'answer failed');
    else request.server.log.info(line, 'answered');
  }
}
