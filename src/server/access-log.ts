import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { pino } from 'pino';
import type { ClientConfig } from '../common/client-config.js';
import type { AnswerLog } from './kernel/remembered-answers.js';

/**
 * Fastify's request log lines, made cheaper (docs/decisions/0022-logging.md): one line per answer
 * ("answered", with the request id, method, url, status and time, and the client's code and the
 * route's pattern when known: docs/decisions/0061-operable.md) from the root logger instead
 * of "incoming request" and "request completed" through a per-request child logger. The child
 * logger itself is made only when something logs through `request.log` (lazy-child-logger.ts).
 * The line is written as one template (`accessLineWriter`), like an answer from memory's.
 */
export class AccessLog extends LogController {
  /** One writer per logger (a server's root logger), made on its first line. */
  readonly #writers = new WeakMap<FastifyBaseLogger, (line: AccessLine) => void>();
  /** Told of every answer too: the request metrics (metrics/metrics.ts), when they are on. */
  readonly #observe: ((line: AccessLine) => void) | undefined;

  constructor(observe?: (line: AccessLine) => void) {
    super();
    this.#observe = observe;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line: AccessLine = {
      reqId: request.id,
      method: request.method,
      url: request.url,
      // Undefined for a request no route took (the not-found answers) or no client was found for.
      route: request.routeOptions.url,
      client: (request.client as ClientConfig | null)?.name,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) {
      this.#observe?.(line);
      request.server.log.error({ ...line, err: error }, 'answer failed');
    } else this.answered(request.server.log, line);
  }

  /** Writes an `answered` line to this logger: the framework's answers and memory's alike. */
  answered(log: FastifyBaseLogger, line: AccessLine): void {
    this.#observe?.(line);
    let write = this.#writers.get(log);
    if (!write) this.#writers.set(log, (write = accessLineWriter(log)));
    write(line);
  }
}

/** An access line of an answer from memory (remembered-answers.ts). */
export type AccessLine = Parameters<AnswerLog['answered']>[0];

/** What of pino's own state the line below reads: the stream and the bound fields. */
interface PinoState {
  [pino.symbols.streamSym]?: { write(line: string): unknown };
  [pino.symbols.chindingsSym]?: unknown;
  isLevelEnabled?: (level: string) => boolean;
}

/**
 * The access line of an answer given from memory, in exactly the form pino writes it (level,
 * time, the logger's bound pid and hostname, the fields, the message), written straight to the
 * logger's stream. Serialising it through pino cost about a tenth of an answer from memory: its fields
 * are known, so the line is one template (docs/decisions/0022-logging.md). Any logger that is not a
 * plain pino logger (no log at all, in tests) gets the line through `info` as usual.
 */
export function accessLineWriter(logger: FastifyBaseLogger): (line: AccessLine) => void {
  const state = logger as unknown as PinoState;
  const stream = state[pino.symbols.streamSym];
  const bindings = state[pino.symbols.chindingsSym];
  const isLevelEnabled = state.isLevelEnabled;
  if (!stream || typeof bindings !== 'string' || !isLevelEnabled) {
    return (line) => logger.info(line, 'answered');
  }
  return (line) => {
    if (!isLevelEnabled.call(logger, 'info')) return;
    stream.write(
      `{"level":30,"time":${Date.now()}${bindings},"reqId":${JSON.stringify(line.reqId)},"method":${JSON.stringify(line.method)},"url":${JSON.stringify(line.url)}${line.route === undefined ? '' : `,"route":${JSON.stringify(line.route)}`}${line.client === undefined ? '' : `,"client":${JSON.stringify(line.client)}`}${line.memory ? ',"memory":true' : ''},"statusCode":${line.statusCode},"ms":${line.ms},"msg":"answered"}\n`,
    );
  };
}
