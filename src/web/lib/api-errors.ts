import { ApiError, noAnswerStatus } from './api-client';

/*
 * What a failed call means for the visitor, read by the screens that send something: apart from
 * api-client.ts because only lazy screens need it, and the first page's script is on a budget.
 */

/** True for an ApiError that means no answer came (nothing the server decided). */
export function isNoAnswer(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === noAnswerStatus;
}

/** True for a refusal the visitor can act on (4xx with the server's reason; 401 logs out). */
export function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401
  );
}
