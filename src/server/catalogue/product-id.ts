import { z } from 'zod';

/** A product id as the API takes it in a path: a positive whole number that fits the column. */
export const productIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** The product id in a path, or undefined where GET /api/products/:id would answer 400. */
export function parseProductId(id: string): number | undefined {
  const parsed = productIdSchema.safeParse(id);
  return parsed.success ? parsed.data : undefined;
}
