import { auditListSchema, type AuditEntry } from '@common/owners';
import { retentionLastRunSchema, type RetentionLastRun } from '@common/retention';
import { apiJson } from '@/lib/api-client';

export const auditQueryKey = ['manage', 'audit'] as const;
export async function fetchAudit(): Promise<AuditEntry[]> {
  return auditListSchema.parse(await apiJson('/api/manage/audit?limit=100')).entries;
}

export const retentionQueryKey = ['manage', 'retention'] as const;
/** When old records were last tidied (decision 0063), and what went for this client. */
export async function fetchRetentionLastRun(): Promise<RetentionLastRun> {
  return retentionLastRunSchema.parse(await apiJson('/api/manage/retention'));
}
