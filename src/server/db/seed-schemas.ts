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
  /** "enquire": "Starting from… contact us" (the spec's swim spas); otherwise bought online. */
  saleMode: z.enum(['buy', 'enquire']).default('buy'),
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
  /** Issue 33: a passed patch test is needed at least this many hours before. */
  PatchTestHours: z.number().int().positive().optional(),
  /** Issue 33: this treatment is the patch-test appointment. */
  IsPatchTest: z.boolean().optional(),
});

export const seedTreatmentsFileSchema = z.record(
  clientCodeSchema,
  z.object({ categories: z.array(seedCategorySchema), treatments: z.array(seedTreatmentSchema) }),
);

export type SeedProduct = z.infer<typeof seedProductSchema>;
export type SeedReview = z.infer<typeof seedReviewSchema>;
export type SeedTreatmentsFile = z.infer<typeof seedTreatmentsFileSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:mm');
const seedSpansSchema = z
  .array(z.object({ start: hhmm, end: hhmm }))
  .refine((spans) => spans.every((s) => s.start < s.end), 'each span must end after it starts');

/** A client's staff member (issue 32), seeded once for a client that has none. */
export const seedStaffMemberSchema = z.object({
  name: z.string().min(1),
  bio: z.string(),
  photo: z.string().min(1).nullable(),
  displayOrder: z.number().int(),
  /** The treatments (ids) they perform, at the treatments' own length and price. */
  treatments: z.array(z.number().int().positive()),
  /** Their weekly hours: a day's spans, the gaps between them breaks; a missing day is off. */
  hours: z.partialRecord(
    z.enum(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']),
    seedSpansSchema,
  ),
});

export const seedStaffFileSchema = z.record(clientCodeSchema, z.array(seedStaffMemberSchema));
export type SeedStaffFile = z.infer<typeof seedStaffFileSchema>;
