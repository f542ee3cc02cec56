import { STATUS_CODES } from 'node:http';
import { asDatabaseUnavailable } from '../db/unavailable.js';
import type { FieldIssue } from '../../common/field-issues.js';
import { AppError } from '../kernel/errors.js';

/** The body of every error our JSON API answers with. */
export interface ErrorAnswer {
  statusCode: number;
  /** The status's name, e.g. "Bad Request". */
  error: string;
  /** What went wrong, in words the visitor can act on; never a server error's details. */
  message: string;
  /** For a request that broke a schema: each field's problem, so a form can show it beside the field. */
  issues?: FieldIssue[];
}

export const serverErrorMessage = 'Something went wrong on our side. Please try again in a moment.';

/**
 * Our own refusals (AppError) keep their status; so do the refusals Fastify and its plugins
 * throw with a status (a body that is not JSON or is too large). Anything else is a fault of
 * ours: 500.
 */
function statusOf(error: unknown): number {
  if (error instanceof AppError) return error.statusCode;
  const status = (error as { statusCode?: unknown } | null | undefined)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

function messageOf(error: unknown, statusCode: number): string {
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message !== ''
    ? message
    : (STATUS_CODES[statusCode] ?? 'Error');
}

export const unavailableMessage =
  'We cannot take requests for a moment. Nothing was stored; please try again in a few seconds.';

/**
 * When the error means the database cannot answer now (docs/fault-probes.md): how many seconds
 * the visitor should wait, for Retry-After. Undefined for every other error.
 */
export function retryAfterOf(error: unknown): number | undefined {
  return asDatabaseUnavailable(error)?.retryAfterSeconds;
}

/** Any thrown value as the status and body the visitor gets: the one mapping of errors. */
export function errorAnswer(error: unknown): ErrorAnswer {
  if (!(error instanceof AppError) && retryAfterOf(error) !== undefined) {
    return { statusCode: 503, error: 'Service Unavailable', message: unavailableMessage };
  }
  const statusCode = statusOf(error);
  const issues = error instanceof AppError && error.issues.length > 0 ? error.issues : undefined;
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message: statusCode >= 500 ? serverErrorMessage : messageOf(error, statusCode),
    ...(issues ? { issues } : {}),
  };
}
