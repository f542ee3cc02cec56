import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../kernel/errors.js';
import { errorAnswer } from './error-answer.js';

/**
 * Whether a request carries more than one Host header. Node keeps the first and drops the rest,
 * while a proxy in front may have routed by another: the two would disagree about which site the
 * request is for, so RFC 9112 (3.2) says to answer 400.
 */
export function hasRepeatedHost(rawHeaders: readonly string[]): boolean {
  let seen = false;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length !== 4 || name.toLowerCase() !== 'host') continue;
    if (seen) return true;
    seen = true;
  }
  return false;
}

export const repeatedHostMessage = 'A request may name its site in one Host header only.';

/** Answers 400 in the API's error shape and closes the connection (the request is not trusted). */
export function refuseRepeatedHost(
  response: ServerResponse<IncomingMessage>,
  headers: Record<string, string>,
): void {
  const body = JSON.stringify(errorAnswer(new AppError(400, repeatedHostMessage)));
  response.writeHead(400, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}
