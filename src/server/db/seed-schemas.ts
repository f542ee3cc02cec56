import { z } from 'zod';
import { clientCodeSchema } from '../../common/client-config.js';
import { productCategories } from '../../common/routes.js';

/** Shapes of the files under seed/ (data, not code). Validated before anything is written. */
export const seedProductSchema = z.object({
  clientCode: clientCodeSchema,
  id: z.number().int().positive(),
  title: z.string().min(1),
  /** Whole pounds, or pence for a client whose pricesInPence is set. */
  price: z.number().int().nonnegative(),
  category: z.enum(productCategories),
  blurb: z.string(),
  pictureCount: z.number().int().min(0).max(12),
});

export const seedReviewSchema = z.object({
  clientCode: clientCodeSchema,
  review: z.string().min(1),
  reviewer: z.string().min(1),
  stars: z.number().int().min(1).max(5).optional(),
});

export const seedCategorySchema = z.object({
  ID: z.number().int().positive(),
  Name: z.string().min(1),
});

export const seedTreatmentSchema = z.object({
  ID: z.number().int().positive(),
  Name: z.string().min(1),
  Description: z.string(),
  /** Pounds, up to two decimals. */
  Price: z.number().nonnegative().multipleOf(0.01),
  Duration: z.number().int().positive(),
  CategoryId: z.number().int().positive(),
  Active: z.boolean(),
});

export const seedTreatmentsFileSchema = z.record(
  clientCodeSchema,
  z.object({ categories: z.array(seedCategorySchema), treatments: z.array(seedTreatmentSchema) }),
);

export type SeedProduct = z.infer<typeof seedProductSchema>;
export type SeedReview = z.infer<typeof seedReviewSchema>;
export type SeedTreatmentsFile = z.infer<typeof seedTreatmentsFileSchema>;
