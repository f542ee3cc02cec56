import { auditListSchema, type AuditEntry } from '@common/owners';
import { apiJson } from '@/lib/api-client';

export const auditQueryKey = ['manage', 'audit'] as const;
export async function fetchAudit(): Promise<AuditEntry[]> {
  return auditListSchema.parse(await apiJson('/api/manage/audit?limit=100')).entries;
}
