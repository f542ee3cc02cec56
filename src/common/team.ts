// zod/mini, like the other shared schemas: the team screen loads these too.
import * as z from 'zod/mini';
import { emailField, ownerRoles } from './owners.js';

/**
 * The team (issue 32): the back-office accounts of one business, their roles and invitations.
 * Shared by the team screen's form and the server's /api/manage/team routes
 * (src/server/owners/team-routes.ts).
 */

export const teamMessages = {
  role: 'Please choose owner or staff',
  staffId: 'Please choose a therapist from the list, or none',
  alreadyOnTeam: 'That address already has an account here.',
  lastOwner:
    'This is the only owner who can sign in: make someone else an owner first, so the business is never left without one.',
  notYourself: 'You cannot do this to your own account. Another owner can, if it is really needed.',
  notInvited: 'This person has already chosen a password: there is no invitation to send again.',
  disabledAccount: 'This account is disabled: enable it first, then send the invitation again.',
  notFound: 'There is no such account in this team.',
} as const;

const roleField = z.enum(ownerRoles, teamMessages.role);
const staffIdField = z.nullable(
  z
    .number(teamMessages.staffId)
    .check(z.int(teamMessages.staffId), z.positive(teamMessages.staffId)),
);

/** POST /api/manage/team/invitations */
export const teamInviteRequestSchema = z.object({
  email: emailField,
  role: roleField,
  /** The staff member the account is (staff accounts; ignored for owners). */
  staffId: z.optional(staffIdField),
});
export type TeamInviteRequest = z.infer<typeof teamInviteRequestSchema>;

/** The invitation form's values: the therapist is a select's value ('' for none). */
export const teamInviteFormSchema = z.object({
  email: emailField,
  role: roleField,
  staffId: z.string(),
});
export type TeamInviteForm = z.input<typeof teamInviteFormSchema>;

export function teamInviteRequestOf(
  form: z.output<typeof teamInviteFormSchema>,
): TeamInviteRequest {
  const staffId = form.role === 'staff' && form.staffId !== '' ? Number(form.staffId) : null;
  return { email: form.email, role: form.role, staffId };
}

/** PUT /api/manage/team/:id/role */
export const teamRoleRequestSchema = z.object({
  role: roleField,
  staffId: z.optional(staffIdField),
});
export type TeamRoleRequest = z.infer<typeof teamRoleRequestSchema>;

/** PUT /api/manage/team/:id/active */
export const teamActiveRequestSchema = z.object({
  active: z.boolean('active must be true or false'),
});

/** active: can sign in; invited: has not chosen a password yet; disabled: cannot sign in. */
export const teamStatuses = ['active', 'invited', 'disabled'] as const;
export type TeamStatus = (typeof teamStatuses)[number];

export const teamMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ownerRoles),
  staffId: z.nullable(z.number()),
  /** The linked staff member's name, if any. */
  staffName: z.nullable(z.string()),
  status: z.enum(teamStatuses),
  /** The signed-in account itself. */
  you: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /api/manage/team: the accounts, and the staff members an account can be linked to. */
export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  staff: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type Team = z.infer<typeof teamSchema>;
