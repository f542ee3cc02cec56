import {
  managedProductListSchema,
  managedProductSchema,
  type LibraryPictureChoice,
  type ManagedProduct,
  type ProductEdit,
  type ProductFields,
} from '@common/manage-products';
import { shopCategoryListSchema, type ShopCategory } from '@common/shop-categories';
import { ApiError, apiJson, apiUpload } from '@/lib/api-client';

/** The back office's calls for the catalogue; answers parsed with the shared schemas. */

export const productsQueryKey = ['manage', 'products'] as const;

export async function fetchManagedProducts(): Promise<ManagedProduct[]> {
  return managedProductListSchema.parse(await apiJson('/api/manage/products')).products;
}

/** One product as it is stored now (after a 409: the version someone else saved). */
export async function fetchManagedProduct(id: number): Promise<ManagedProduct> {
  const product = (await fetchManagedProducts()).find((p) => p.id === id);
  if (!product) throw new ApiError(404, `There is no product ${id} in your shop any more.`);
  return product;
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

/** Uploads a picture file (multipart, with its progress: see apiUpload). */
async function upload(
  path: string,
  file: File,
  onProgress?: (sent: number) => void,
): Promise<ManagedProduct> {
  const form = new FormData();
  form.append('picture', file);
  return managedProductSchema.parse(await apiUpload(path, form, onProgress));
}

/** Uploads a new cover: it goes first, the earlier pictures stay after it. */
export async function uploadPicture(
  id: number,
  file: File,
  onProgress?: (sent: number) => void,
): Promise<ManagedProduct> {
  return upload(`/api/manage/products/${id}/picture`, file, onProgress);
}

/** Adds a product (hidden, without pictures, until the owner adds one and shows it). */
export async function addProduct(add: ProductFields): Promise<ManagedProduct> {
  return managedProductSchema.parse(
    await apiJson('/api/manage/products', { method: 'POST', body: JSON.stringify(add) }),
  );
}

/** Saves the order the site lists the products in: every product's id, once. */
export async function saveProductOrder(ids: number[]): Promise<void> {
  await apiJson('/api/manage/products/order', { method: 'POST', body: JSON.stringify({ ids }) });
}

/** Adds a picture after the product's others (multipart, through the image pipeline). */
export async function addPicture(
  id: number,
  file: File,
  onProgress?: (sent: number) => void,
): Promise<ManagedProduct> {
  return upload(`/api/manage/products/${id}/pictures`, file, onProgress);
}

/** The pictures in a new order with their alt texts; one left out is removed (version-checked). */
export async function savePictures(
  id: number,
  pictures: Array<{ path: string; alt: string }>,
  version: number,
): Promise<ManagedProduct> {
  return managedProductSchema.parse(
    await apiJson(`/api/manage/products/${id}/pictures`, {
      method: 'PUT',
      body: JSON.stringify({ pictures, version }),
    }),
  );
}

/** Adds a picture of the owner's library after the product's others (version-checked). */
export async function addLibraryPicture(
  id: number,
  choice: LibraryPictureChoice,
): Promise<ManagedProduct> {
  return managedProductSchema.parse(
    await apiJson(`/api/manage/products/${id}/pictures/library`, {
      method: 'POST',
      body: JSON.stringify(choice),
    }),
  );
}

export const shopCategoriesQueryKey = ['manage', 'shop-categories'] as const;

/** The owner's own categories, in their order (issue 35): the product form offers these. */
export async function fetchShopCategories(): Promise<ShopCategory[]> {
  return shopCategoryListSchema.parse(await apiJson('/api/manage/shop-categories')).categories;
}
