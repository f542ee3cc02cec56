import * as z from 'zod/mini';
import { describeIssues } from '../../common/client-config.js';

/** The 4xx statuses our own API answers with; anything else is a server error (500). */
export type ClientErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429;

/**
 * A refusal the visitor can act on: thrown anywhere on the server, answered by the one error
 * handler (src/server/http/error-handler.ts) with this status and message.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: ClientErrorStatus,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * Validates a request part with a schema; a failure becomes a 400 naming the fields. Takes
 * classic and mini schemas alike: the shared ones are zod/mini, server-only ones classic.
 */
export function parseRequest<T>(schema: z.core.$ZodType<T>, value: unknown, what = 'request'): T {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw new AppError(400, `Invalid ${what}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set on the EmailJS-compatible relay routes: their errors are answered as plain text (the
     * message, or `serverError` for a 5xx), as EmailJS does, instead of our JSON error shape.
     */
    plainTextErrors?: { serverError: string };
  }
}
