import * as z from 'zod/mini';
import { describeIssues } from '../common/client-config.js';

/** An error that carries the HTTP status and a message a person can act on. */
export interface HttpError extends Error {
  statusCode: number;
}

export function httpError(statusCode: number, message: string): HttpError {
  return Object.assign(new Error(message), { statusCode });
}

/** Validates a request part with a shared schema; a failure becomes a 400 naming the fields. */
/** Takes classic and mini schemas alike: the shared ones are zod/mini, server-only ones classic. */
export function parseRequest<T>(schema: z.core.$ZodType<T>, value: unknown, what = 'request'): T {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw httpError(400, `Invalid ${what}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
