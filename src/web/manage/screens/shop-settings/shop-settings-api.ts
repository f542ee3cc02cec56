import type { ShopSettings, ShopSettingsAnswer } from '@common/shop-settings';
import { typed } from '@/manage/shared/booking-queries';

/** The Shop settings screen's calls (/api/manage/shop-settings), typed as the other answers. */
export const shopSettingsQueryKey = ['manage', 'shop-settings'] as const;

export function fetchShopSettings(): Promise<ShopSettingsAnswer> {
  return typed('/api/manage/shop-settings');
}

export function saveShopSettings(
  settings: ShopSettings,
  version: number,
): Promise<ShopSettingsAnswer> {
  return typed('/api/manage/shop-settings', {
    method: 'PUT',
    body: JSON.stringify({ settings, version }),
  });
}
