import type { DepositSettings, DepositSettingsAnswer } from '@common/deposits';
import { typed } from '@/manage/shared/booking-queries';

/** The deposits and cancellation policy (issue 36, /api/manage/deposit-settings). */
export const depositsQueryKey = ['manage', 'deposit-settings'] as const;

export function fetchDeposits(): Promise<DepositSettingsAnswer> {
  return typed('/api/manage/deposit-settings');
}

export function saveDeposits(
  settings: DepositSettings,
  version: number,
): Promise<DepositSettingsAnswer> {
  return typed('/api/manage/deposit-settings', {
    method: 'PUT',
    body: JSON.stringify({ settings, version }),
  });
}
