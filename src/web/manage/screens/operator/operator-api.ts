import type { AddBusinessRequest, AddedBusiness, OperatorBusiness } from '@common/operator';
import { apiJson } from '@/lib/api-client';

/**
 * The operator's calls (/api/operator, decision 0080). Each answers its own 401 (`ownSignIn`):
 * the screen then asks for the operator token, never sends the host to the owners' /login.
 * Typed, not parsed, as the back office's other answers (shared/booking-queries.ts says why).
 */

export const businessesQueryKey = ['operator', 'businesses'] as const;

const call = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> =>
  (await apiJson(path, {
    method,
    ownSignIn: true,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })) as T;

export const fetchBusinesses = () => call<OperatorBusiness[]>('/api/operator/businesses');

export const addBusiness = (request: AddBusinessRequest) =>
  call<AddedBusiness>('/api/operator/businesses', 'POST', request);

export const setBusinessActive = (code: string, active: boolean) =>
  call<OperatorBusiness[]>(`/api/operator/businesses/${encodeURIComponent(code)}/active`, 'PUT', {
    active,
  });

export const signInAsOperator = (token: string) =>
  call<null>('/api/operator/session', 'POST', { token });

export const signOutOperator = () => call<null>('/api/operator/session', 'DELETE');
