import {
  shopCategoryListSchema,
  type NewShopCategory,
  type ShopCategory,
  type ShopCategoryEdit,
} from '@common/shop-categories';
import { apiJson } from '@/lib/api-client';

/** The back office's calls for the owner's shop categories (issue 35). */
export const shopCategoriesQueryKey = ['manage', 'shop-categories'] as const;

const parse = (answer: unknown): ShopCategory[] => shopCategoryListSchema.parse(answer).categories;

export async function fetchShopCategories(): Promise<ShopCategory[]> {
  return parse(await apiJson('/api/manage/shop-categories'));
}

export async function addShopCategory(add: NewShopCategory): Promise<ShopCategory[]> {
  return parse(
    await apiJson('/api/manage/shop-categories', { method: 'POST', body: JSON.stringify(add) }),
  );
}

export async function saveShopCategory(
  slug: string,
  edit: ShopCategoryEdit,
): Promise<ShopCategory[]> {
  return parse(
    await apiJson(`/api/manage/shop-categories/${encodeURIComponent(slug)}`, {
      method: 'PUT',
      body: JSON.stringify(edit),
    }),
  );
}

export async function saveShopCategoryOrder(slugs: string[]): Promise<ShopCategory[]> {
  return parse(
    await apiJson('/api/manage/shop-categories/order', {
      method: 'POST',
      body: JSON.stringify({ slugs }),
    }),
  );
}
