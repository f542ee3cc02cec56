import type { Dashboard } from '@common/reports';
import { apiJson } from '@/lib/api-client';

/** The dashboard's figures (issue 34), taken as their type (decision 0054). */
export const dashboardQueryKey = ['manage', 'dashboard'] as const;

export async function fetchDashboard(): Promise<Dashboard> {
  return (await apiJson('/api/manage/dashboard')) as Dashboard;
}
