import { outboxListSchema, type OutboxEntry } from '@common/outbox';
import { apiJson } from '@/lib/api-client';

/** The outbox: what the site e-mailed for the owner in the last week, and retrying a failure. */

export const outboxQueryKey = ['manage', 'outbox'] as const;

export async function fetchOutbox(): Promise<OutboxEntry[]> {
  return outboxListSchema.parse(await apiJson('/api/manage/outbox?sentDays=7')).messages;
}

export async function retryMessage(id: number): Promise<void> {
  await apiJson(`/api/manage/outbox/${id}/retry`, { method: 'POST' });
}
