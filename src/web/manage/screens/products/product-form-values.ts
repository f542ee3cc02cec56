import type { ManagedProduct } from '@common/manage-products';

/*
 * The product form's values (issue 31): what the owner typed, kept as typed (the price too, so a
 * draft or a refused price keeps "12,50" rather than turning it into nothing), and what the shared
 * schema (productFieldsSchema in src/common/manage-products.ts) is given to check. Pure: no React.
 */

/** The product form's fields, as the boxes hold them. */
export interface ProductFormValues {
  title: string;
  /** As typed: the schema is given the number it reads as (see priceOfText). */
  price: string;
  category: string;
  /** Simple HTML from the description editor. */
  blurb: string;
  /** buy | enquire (issue 35). */
  saleMode: string;
  /** untracked | count | made_to_order. */
  stockMode: string;
  /** As typed; read only when stockMode is count. */
  stockCount: string;
  /** As typed; read only when stockMode is made_to_order. */
  leadTimeDays: string;
}

/** The fields' names as the form labels them (the error summary, the comparison of versions). */
export const productFieldLabels: Record<keyof ProductFormValues, string> = {
  title: 'Title',
  price: 'Price',
  category: 'Category',
  blurb: 'Description',
  saleMode: 'How it is sold',
  stockMode: 'Stock',
  stockCount: 'How many are in stock',
  leadTimeDays: 'Days to make one',
};

/** The form's values for a stored product. */
export function formValuesOf(
  product: Pick<ManagedProduct, 'title' | 'price' | 'category' | 'blurb'> &
    Partial<Pick<ManagedProduct, 'saleMode' | 'stockMode' | 'stockCount' | 'leadTimeDays'>>,
): ProductFormValues {
  return {
    title: product.title,
    price: String(product.price),
    category: product.category,
    blurb: product.blurb,
    saleMode: product.saleMode ?? 'buy',
    stockMode: product.stockMode ?? 'untracked',
    stockCount: product.stockCount == null ? '' : String(product.stockCount),
    leadTimeDays: product.leadTimeDays == null ? '' : String(product.leadTimeDays),
  };
}

/**
 * The number a typed price reads as: digits, perhaps a minus sign and decimals (the schema then
 * names what is wrong with them); anything else (empty, "12,50", "ten") is no number (NaN), which
 * the schema answers by asking for one.
 */
export function priceOfText(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** What the shared schema checks: the form's values with the numbers as numbers. */
export function schemaInputOf(values: ProductFormValues) {
  return {
    ...values,
    price: priceOfText(values.price),
    // Only the number the chosen stock mode reads is sent; the other box may hold anything.
    stockCount: values.stockMode === 'count' ? priceOfText(values.stockCount) : null,
    leadTimeDays: values.stockMode === 'made_to_order' ? priceOfText(values.leadTimeDays) : null,
  };
}

/** A kept draft's values, checked before they go back into the form. */
export function isProductFormValues(value: unknown): value is ProductFormValues {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return (
    [
      'title',
      'price',
      'category',
      'blurb',
      'saleMode',
      'stockMode',
      'stockCount',
      'leadTimeDays',
    ] as const
  ).every((key) => typeof fields[key] === 'string');
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/** A description's words without its markup, for the comparison of two versions. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The values as the owner reads them side by side: the description as words. Its formatting
 * alone changed still shows, as "(formatting)" after the words.
 */
export function comparableValues(
  values: ProductFormValues,
  other: ProductFormValues,
): ProductFormValues {
  const words = plainTextOf(values.blurb);
  const formattingOnly = values.blurb !== other.blurb && words === plainTextOf(other.blurb);
  return { ...values, blurb: formattingOnly ? `${words} (formatting)` : words };
}

/**
 * The version an edit of the product's fields is based on, after the owner's own change of
 * something else (a picture, hiding it) answered `changed`: the server adds one to the version
 * at each change, so when `changed` is the next one after `base`, nobody else saved in between
 * and the fields are still as the edit began: the edit moves on to `changed`. Otherwise someone
 * else did save, and the edit keeps its base (its save then shows both versions).
 */
export function baseAfterOwnChange(
  base: number | string | null,
  changed: number,
): number | string | null {
  return typeof base === 'number' && changed === base + 1 ? changed : base;
}

/** A library picture's name (`m-0a1b2c3d4e5f`) from the file the picture chooser gives (`library/m-….jpeg`). */
export function libraryNameOfFile(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1).replace(/\.[a-z]+$/, '');
}
