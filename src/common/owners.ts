// zod/mini: the back office loads these schemas too.
import * as z from 'zod/mini';
import { singleLineChecks } from './text-rules.js';

/**
 * The owner sign-in and back-office payloads, shared by the /login and /manage screens and the
 * server's owner routes (src/server/owners).
 */

export const passwordMinLength = 10;
export const passwordMaxLength = 200;

export const ownerMessages = {
  email: 'Please enter your e-mail address',
  password: 'Please enter your password',
  /** The one answer to any failed sign-in: it never says which part was wrong. */
  signInFailed: 'The e-mail address or password is not right, or the account cannot sign in.',
  tooShort: `Please choose a password of at least ${passwordMinLength} characters`,
  tooLong: `Please keep the password under ${passwordMaxLength} characters`,
  common:
    'That password is one of the most common ones, which people try first. Please choose another, for example three or four unrelated words.',
  badToken:
    'This link has expired or has already been used. Please ask for a new one from the sign-in page.',
  resetRequested:
    'If that address belongs to an account here, we have sent it a link to choose a new password. The link works for one hour.',
  signInNeeded: 'Please sign in.',
} as const;

export const emailField = z
  .string({ error: ownerMessages.email })
  .check(
    z.trim(),
    z.minLength(3, ownerMessages.email),
    z.maxLength(254, ownerMessages.email),
    z.regex(/^[^\s@]+@[^\s@]+$/, 'Please enter an e-mail address, for example name@example.com'),
    ...singleLineChecks(),
  );

/** POST /api/owner/login */
export const signInRequestSchema = z.object({
  email: emailField,
  // No rules beyond presence here: a wrong password is the generic failure, not a hint.
  password: z
    .string({ error: ownerMessages.password })
    .check(z.minLength(1, ownerMessages.password), z.maxLength(passwordMaxLength * 4)),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** A new password's length; the server also refuses common passwords. */
export const newPasswordField = z
  .string({ error: ownerMessages.tooShort })
  .check(
    z.minLength(passwordMinLength, ownerMessages.tooShort),
    z.maxLength(passwordMaxLength, ownerMessages.tooLong),
  );

/** POST /api/owner/set-password: the token from a set-password or reset link. */
export const setPasswordRequestSchema = z.object({
  token: z
    .string({ error: ownerMessages.badToken })
    .check(z.minLength(20), z.maxLength(100), ...singleLineChecks()),
  password: newPasswordField,
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

/** POST /api/owner/reset-request */
export const resetRequestSchema = z.object({ email: emailField });

/**
 * What a back-office account may do (issue 32, docs/decisions/0056-team-roles.md): an owner
 * everything; staff the diary only (src/server/owners/staff-permissions.ts).
 */
export const ownerRoles = ['owner', 'staff'] as const;
export type OwnerRole = (typeof ownerRoles)[number];

/** The signed-in owner: GET /api/manage/me, and the answer to a sign-in. */
export const ownerSchema = z.object({
  id: z.number(),
  clientCode: z.string(),
  email: z.string(),
  /** The business's name (the client's title), for the back office's header. */
  businessName: z.string(),
  role: z.enum(ownerRoles),
  /** The staff member the account is, if linked (their own calendar). */
  staffId: z.nullable(z.number()),
});
export type OwnerView = z.infer<typeof ownerSchema>;

/** GET /api/manage/audit: newest first. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** The owner's e-mail address; null for the command line or a removed account. */
  ownerEmail: z.nullable(z.string()),
  action: z.string(),
  // looseObject, which the visitor schemas use too: the shared zod chunk does not grow for this.
  detail: z.looseObject({}),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });

export { csrfHeader } from './csrf-header.js';
