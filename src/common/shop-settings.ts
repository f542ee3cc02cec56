// zod/mini: the back office and the checkout load these schemas in the browser.
import * as z from 'zod/mini';
import { multiLineChecks, singleLineChecks } from './text-rules.js';

/**
 * A client's shop settings (issue 35, docs/decisions/0070-delivery-vat-and-discount-codes.md):
 * VAT, collection from the shop and delivery zones. Stored per client as one versioned row
 * (table shop_settings); money in whole pence, VAT rates in basis points (2000 = 20%).
 */

const pence = (what: string, max = 10_000_000) =>
  z
    .number({ error: `${what} must be an amount` })
    .check(
      z.int(`${what} must be in whole pence`),
      z.gte(0, `${what} cannot be negative`),
      z.lte(max, `${what} is too large`),
    );

/** A UK postcode area, district or sector: EH, EH28, EH28 8. Stored upper case, one space. */
export const postcodePrefixPattern = /^[A-Z]{1,2}(\d[A-Z\d]?( \d)?)?$/;

export function normalisePostcodePrefix(text: string): string {
  return text.trim().toUpperCase().replace(/\s+/g, ' ');
}

const prefixSchema = z
  .string()
  .check(
    z.overwrite(normalisePostcodePrefix),
    z.regex(postcodePrefixPattern, 'Use a postcode area or district, for example EH or EH28'),
  );

export const deliveryZoneSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please name the zone'),
      z.maxLength(60, 'Please keep the name under 60 characters'),
      ...singleLineChecks(),
    ),
  prefixes: z
    .array(prefixSchema)
    .check(
      z.minLength(1, 'Please give at least one postcode prefix'),
      z.maxLength(100, 'A zone can hold at most 100 prefixes'),
    ),
  pricePence: pence('The delivery price'),
  /** Delivery is free when the goods, after any discount, come to this or more; null: never. */
  freeOverPence: z.nullable(pence('The free-delivery threshold')),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

export const shopSettingsSchema = z.object({
  vat: z.object({
    registered: z.boolean(),
    /** Basis points: 2000 is 20%. */
    rateBasisPoints: z
      .number({ error: 'The VAT rate must be a number' })
      .check(
        z.int('The VAT rate must be whole basis points'),
        z.gte(0, 'The VAT rate cannot be negative'),
        z.lte(10_000, 'The VAT rate must be at most 100%'),
      ),
    /** True: catalogue prices include VAT (VAT = gross × R/(100+R)); false: VAT is added. */
    pricesIncludeVat: z.boolean(),
    /** Printed on the receipt; empty when not registered. */
    vatNumber: z
      .string()
      .check(
        z.trim(),
        z.maxLength(20, 'A VAT number is at most 20 characters'),
        ...singleLineChecks(),
      ),
  }),
  collection: z.object({
    offered: z.boolean(),
    address: z
      .string()
      .check(
        z.trim(),
        z.maxLength(300, 'Please keep the address under 300 characters'),
        ...multiLineChecks(),
      ),
    openingTimes: z
      .string()
      .check(
        z.trim(),
        z.maxLength(300, 'Please keep the opening times under 300 characters'),
        ...multiLineChecks(),
      ),
  }),
  delivery: z.object({
    offered: z.boolean(),
    zones: z.array(deliveryZoneSchema).check(z.maxLength(50, 'At most 50 delivery zones')),
  }),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** What a client without settings has: no VAT, nothing to choose (orders as before issue 35). */
export const noShopSettings: ShopSettings = {
  vat: { registered: false, rateBasisPoints: 0, pricesIncludeVat: true, vatNumber: '' },
  collection: { offered: false, address: '', openingTimes: '' },
  delivery: { offered: false, zones: [] },
};

/** PUT /api/manage/shop-settings: the settings and the version the owner saw. */
export const saveShopSettingsSchema = z.object({
  settings: shopSettingsSchema,
  version: z.number().check(z.int()),
});

export interface ShopSettingsAnswer {
  settings: ShopSettings;
  version: number;
}

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
const optionalDate = (what: string) =>
  z.nullable(
    z.string().check(z.regex(isoDatePattern, `${what} must be a date written YYYY-MM-DD`)),
  );
const optionalLimit = (what: string) =>
  z.nullable(
    z
      .number({ error: `${what} must be a number` })
      .check(z.int(`${what} must be a whole number`), z.gte(1, `${what} must be at least 1`)),
  );

export const discountKinds = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** A discount code as the owner edits it. */
export const discountCodeInputSchema = z
  .object({
    code: z
      .string()
      .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{3,32}$/, 'Use 3 to 32 letters, digits, - or _')),
    kind: z.enum(discountKinds, 'Choose percent or fixed'),
    /** Percent: whole percent 1–100; fixed: pence. */
    value: z
      .number({ error: 'The value must be a number' })
      .check(z.int('The value must be a whole number'), z.gte(1, 'The value must be at least 1')),
    minSpendPence: pence('The minimum spend'),
    startsOn: optionalDate('The start'),
    endsOn: optionalDate('The end'),
    totalLimit: optionalLimit('The usage limit'),
    perCustomerLimit: optionalLimit('The limit per customer'),
    freeDelivery: z.boolean(),
    active: z.boolean(),
  })
  .check(
    z.refine((c) => c.kind !== 'percent' || c.value <= 100, {
      message: 'A percentage is at most 100',
      path: ['value'],
    }),
    z.refine((c) => !c.startsOn || !c.endsOn || c.startsOn <= c.endsOn, {
      message: 'The end must be on or after the start',
      path: ['endsOn'],
    }),
  );
export type DiscountCodeInput = z.infer<typeof discountCodeInputSchema>;

export const saveDiscountCodeSchema = z.object({
  code: discountCodeInputSchema,
  /** The version the owner saw; absent for a new code. */
  version: z.optional(z.number().check(z.int())),
});

export interface DiscountCodeRecord extends DiscountCodeInput {
  id: number;
  usedCount: number;
  version: number;
}
