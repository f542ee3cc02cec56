// zod/mini, like the other shared schemas: the operator's screen loads these.
import * as z from 'zod/mini';
import type { BrandNote } from './brand-theme.js';

/**
 * The operator's screen (issue 38, docs/decisions/0080-the-operators-screen.md): the host adds a
 * business, lists them, switches one off and on. Shared by the screen and the server's
 * /api/operator routes (src/server/onboarding/operator-routes.ts); the value checks themselves
 * (code, host names, colours, addresses, what is taken) are the server's, one service shared with
 * `npm run client -- add`.
 */

export const businessKinds = ['shop', 'salon', 'brochure'] as const;
export type BusinessKind = (typeof businessKinds)[number];

export const operatorMessages = {
  signInNeeded: 'Please sign in with the operator token.',
  wrongToken: 'That is not the operator token.',
  notConfigured: 'Not found',
  ownerRefused:
    "This is the host's screen: a business owner's account cannot open it. Sign in with the operator token.",
  code: 'Enter a code: 2 to 8 capital letters or digits, starting with a letter (e.g. NELL).',
  name: 'Enter the business name.',
  hostNames: 'Enter at least one host name, e.g. www.example.co.uk.',
  kind: 'Choose shop, salon or brochure.',
  noSuchClient: 'There is no such business.',
} as const;

const optionalText = z.optional(z.string().check(z.maxLength(254)));

/** POST /api/operator/businesses */
export const addBusinessRequestSchema = z.object({
  code: z.string(operatorMessages.code).check(z.trim(), z.minLength(1, operatorMessages.code)),
  name: z
    .string(operatorMessages.name)
    .check(z.trim(), z.minLength(1, operatorMessages.name), z.maxLength(80)),
  hostNames: z
    .array(z.string().check(z.maxLength(253)))
    .check(z.minLength(1, operatorMessages.hostNames), z.maxLength(10)),
  kind: z.enum(businessKinds, operatorMessages.kind),
  colour: optionalText,
  accent: optionalText,
  font: optionalText,
  /** Where the site's forms and orders are sent; `hello@<first host>` when not given. */
  email: optionalText,
  /** The first owner's address: an invitation link is made for it. */
  ownerEmail: optionalText,
});
export type AddBusinessRequest = z.infer<typeof addBusinessRequestSchema>;

/** The form's values: host names as typed (one box, separated by spaces, commas or lines). */
export const addBusinessFormSchema = z.object({
  code: addBusinessRequestSchema.shape.code,
  name: addBusinessRequestSchema.shape.name,
  hostNames: z.string().check(z.trim(), z.minLength(1, operatorMessages.hostNames)),
  kind: addBusinessRequestSchema.shape.kind,
  colour: z.string(),
  accent: z.string(),
  font: z.string(),
  ownerEmail: z.string(),
});
export type AddBusinessForm = z.input<typeof addBusinessFormSchema>;

export function addBusinessRequestOf(
  form: z.output<typeof addBusinessFormSchema>,
): AddBusinessRequest {
  const given = (text: string) => (text.trim() === '' ? undefined : text.trim());
  return {
    code: form.code.toUpperCase(),
    name: form.name,
    hostNames: form.hostNames.split(/[\s,]+/).filter((host) => host !== ''),
    kind: form.kind,
    colour: given(form.colour),
    accent: given(form.accent),
    font: given(form.font),
    ownerEmail: given(form.ownerEmail),
  };
}

/** One business as the operator's list shows it. */
export interface OperatorBusiness {
  code: string;
  title: string;
  hostNames: string[];
  disabledAt: string | null;
  owners: number;
}

/** The answer to an add: what was made, the contrast changes, the owner's one-time link. */
export interface AddedBusiness {
  code: string;
  title: string;
  kind: BusinessKind;
  hostNames: string[];
  adjustments: BrandNote[];
  /** Null when no owner address was given. */
  invitation: { email: string; link: string } | null;
}

/** PUT /api/operator/businesses/:code/active */
export const businessActiveRequestSchema = z.object({
  active: z.boolean('active must be true or false'),
});

/** POST /api/operator/session */
export const operatorSignInRequestSchema = z.object({
  token: z
    .string(operatorMessages.wrongToken)
    .check(z.minLength(1, operatorMessages.wrongToken), z.maxLength(500)),
});
