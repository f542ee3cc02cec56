import type { DiscountCodeInput, DiscountCodeRecord } from '@common/shop-settings';
import { ApiError } from '@/lib/api-client';
import { typed } from '@/manage/shared/booking-queries';

/** The Discount codes screen's calls (/api/manage/discount-codes), typed as the other answers. */
export const discountCodesQueryKey = ['manage', 'discount-codes'] as const;

export async function fetchDiscountCodes(): Promise<DiscountCodeRecord[]> {
  return (await typed<{ codes: DiscountCodeRecord[] }>('/api/manage/discount-codes')).codes;
}

/** One code as stored now (after a 409: the version someone else saved). */
export async function fetchDiscountCode(id: number): Promise<DiscountCodeRecord> {
  const code = (await fetchDiscountCodes()).find((c) => c.id === id);
  if (!code) throw new ApiError(404, 'That code is no longer there.');
  return code;
}

export function saveDiscountCode(
  id: number | undefined,
  code: DiscountCodeInput,
  version: number | undefined,
): Promise<DiscountCodeRecord> {
  return typed(
    id === undefined ? '/api/manage/discount-codes' : `/api/manage/discount-codes/${id}`,
    {
      method: id === undefined ? 'POST' : 'PUT',
      body: JSON.stringify({ code, version }),
    },
  );
}
