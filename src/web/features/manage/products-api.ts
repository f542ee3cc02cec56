import {
  managedProductListSchema,
  managedProductSchema,
  type ManagedProduct,
} from '@common/manage-products';
import { ApiError, apiFetch, apiJson } from '@/lib/api-client';

/** The back office's calls for the catalogue; answers parsed with the shared schemas. */

export const productsQueryKey = ['manage', 'products'] as const;

export async function fetchManagedProducts(): Promise<ManagedProduct[]> {
  return managedProductListSchema.parse(await apiJson('/api/manage/products')).products;
}

export interface ProductEdit {
  title: string;
  price: number;
  category: string;
  blurb: string;
  version: number;
}

export async function saveProduct(id: number, edit: ProductEdit): Promise<ManagedProduct> {
  return managedProductSchema.parse(
    await apiJson(`/api/manage/products/${id}`, { method: 'PUT', body: JSON.stringify(edit) }),
  );
}

export async function setHidden(id: number, hidden: boolean): Promise<ManagedProduct> {
  return managedProductSchema.parse(
    await apiJson(`/api/manage/products/${id}/visibility`, {
      method: 'POST',
      body: JSON.stringify({ hidden }),
    }),
  );
}

/** Uploads a cover picture (multipart: the browser sets the boundary, so no JSON helper). */
export async function uploadPicture(id: number, file: File): Promise<ManagedProduct> {
  const form = new FormData();
  form.append('picture', file);
  const response = await apiFetch(`/api/manage/products/${id}/picture`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) {
    throw new ApiError(response.status, body.message ?? 'The picture could not be uploaded.');
  }
  return managedProductSchema.parse(body);
}
