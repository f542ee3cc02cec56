import * as z from 'zod/mini';
import { describeIssues } from '../../common/client-config.js';
import type { FieldIssue } from '../../common/field-issues.js';

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
    /** For a request that broke a schema: each field's problem, answered as `issues`. */
    readonly issues: FieldIssue[] = [],
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
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    throw new AppError(400, `Invalid ${what}: ${describeIssues(parsed.error)}`, issues);
  }
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
