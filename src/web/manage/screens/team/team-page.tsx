import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { OwnerRole } from '@common/owners';
import {
  teamInviteFormSchema,
  teamInviteRequestOf,
  type Team,
  type TeamInviteForm,
  type TeamMember,
  type TeamStatus,
} from '@common/team';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';
import { ConfirmDialog } from '@/manage/shared/confirm-dialog';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { SelectField } from '@/manage/shared/select-field';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import {
  changeMemberRole,
  fetchTeam,
  inviteMember,
  resendInvitation,
  setMemberActive,
  teamQueryKey,
} from './team-api';

type Checked = z.output<typeof teamInviteFormSchema>;

const roleLabels: Record<OwnerRole, string> = { owner: 'Owner', staff: 'Staff' };
const statusLabels: Record<TeamStatus, string> = {
  active: 'Can sign in',
  invited: 'Invited: has not chosen a password yet',
  disabled: 'Disabled: cannot sign in',
};
const fieldLabels: Record<string, string> = { email: 'E-mail', role: 'Role', staffId: 'Therapist' };
const emptyInvite: TeamInviteForm = { email: '', role: 'staff', staffId: '' };

/** Invite someone: their address, their role and, for staff, the therapist they are. */
function InviteForm({ team, onTeam }: { team: Team; onTeam: (team: Team) => void }) {
  const form = useForm<TeamInviteForm, unknown, Checked>({
    resolver: zodResolver(teamInviteFormSchema),
    mode: 'onSubmit',
    defaultValues: emptyInvite,
  });
  useUnsavedChanges(form.formState.isDirty);
  // eslint-disable-next-line react-hooks/incompatible-library -- watch, as the hours screen says
  const role = form.watch('role');
  const { submit, failure } = useFormSubmit(form, {
    send: async (values) => {
      onTeam(await inviteMember(teamInviteRequestOf(values)));
      form.reset(emptyInvite);
    },
    savedText: 'Invitation sent.',
    failedText: 'The invitation could not be sent. Please try again.',
  });
  const errors = form.formState.errors;
  return (
    <form
      className="manage__form"
      aria-label="Invite someone"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2>Invite someone</h2>
      <p>
        They get an e-mail with a link to choose a password; it works for 7 days. Staff can use the
        diary only; owners can change everything, the team included.
      </p>
      <FormField
        label="E-mail address"
        type="email"
        required
        autoComplete="off"
        registration={form.register('email')}
        error={errors.email}
      />
      <SelectField
        label="Role"
        required
        registration={form.register('role')}
        error={errors.role}
        options={[
          { value: 'staff', label: 'Staff: the diary only' },
          { value: 'owner', label: 'Owner: everything' },
        ]}
      />
      {role === 'staff' && team.staff.length > 0 && (
        <SelectField
          label="Therapist (optional)"
          registration={form.register('staffId')}
          error={errors.staffId}
          options={[
            { value: '', label: 'None' },
            ...team.staff.map((member) => ({ value: String(member.id), label: member.name })),
          ]}
        />
      )}
      <FormErrorSummary form={form} failure={failure} labels={fieldLabels} />
      <button
        type="submit"
        className="button button--primary"
        disabled={form.formState.isSubmitting}
      >
        {form.formState.isSubmitting ? 'Sending…' : 'Send the invitation'}
      </button>
    </form>
  );
}

type Change =
  { kind: 'resend' } | { kind: 'active'; active: boolean } | { kind: 'role'; role: OwnerRole };

/** One account: who, what they can do, and the owner's changes to it. */
function MemberCard({ member, onTeam }: { member: TeamMember; onTeam: (team: Team) => void }) {
  const [confirmDisable, setConfirmDisable] = useState(false);
  const change = useMutation({
    mutationFn: (what: Change) =>
      what.kind === 'resend'
        ? resendInvitation(member.id)
        : what.kind === 'active'
          ? setMemberActive(member.id, what.active)
          : changeMemberRole(member.id, what.role, what.role === 'staff' ? member.staffId : null),
    onSuccess: (team, what) => {
      onTeam(team);
      showToast(
        'saved',
        what.kind === 'resend'
          ? 'Invitation sent again.'
          : what.kind === 'active'
            ? what.active
              ? 'Account enabled.'
              : 'Account disabled: its sessions have ended.'
            : 'Role changed.',
      );
    },
    onError: (error) =>
      showToast('failed', error instanceof ApiError ? error.message : 'Not changed.'),
  });
  const otherRole: OwnerRole = member.role === 'owner' ? 'staff' : 'owner';
  return (
    <li className="card">
      <h3>
        <span className="team__email">{member.email}</span>
        {member.you && <span className="manage__tag">You</span>}
      </h3>
      <p>
        {roleLabels[member.role]}
        {member.staffName ? ` · ${member.staffName}` : ''}
      </p>
      <p>{statusLabels[member.status]}</p>
      {change.error instanceof ApiError && <p role="alert">{change.error.message}</p>}
      {!member.you && (
        <p className="team__actions">
          {member.status === 'invited' && (
            <button
              type="button"
              className="button"
              disabled={change.isPending}
              onClick={() => change.mutate({ kind: 'resend' })}
            >
              Send the invitation again
            </button>
          )}
          {member.status === 'disabled' ? (
            <button
              type="button"
              className="button"
              disabled={change.isPending}
              onClick={() => change.mutate({ kind: 'active', active: true })}
            >
              Enable
            </button>
          ) : (
            <button
              type="button"
              className="button"
              disabled={change.isPending}
              onClick={() => setConfirmDisable(true)}
            >
              Disable
            </button>
          )}
          <button
            type="button"
            className="button"
            disabled={change.isPending}
            onClick={() => change.mutate({ kind: 'role', role: otherRole })}
          >
            Make {otherRole === 'owner' ? 'an owner' : 'staff'}
          </button>
        </p>
      )}
      <ConfirmDialog
        open={confirmDisable}
        title={`Disable ${member.email}?`}
        text="They are signed out everywhere at once and cannot sign in until you enable the account again."
        stayLabel="Keep the account"
        goLabel="Disable"
        onStay={() => setConfirmDisable(false)}
        onGo={() => {
          setConfirmDisable(false);
          change.mutate({ kind: 'active', active: false });
        }}
      />
    </li>
  );
}

/** /manage/team: the accounts of this business, and inviting co-owners and staff (owner-only). */
export default function TeamPage() {
  const queries = useQueryClient();
  const team = useQuery({ queryKey: teamQueryKey, queryFn: fetchTeam, staleTime: 0 });
  const showTeam = (answer: Team) => queries.setQueryData(teamQueryKey, answer);
  return (
    <section className="manage__screen">
      <PageHeading title="Team">Team</PageHeading>
      {team.isPending && <ScreenSkeleton />}
      {team.isError && (
        <p role="alert">
          {team.error instanceof ApiError
            ? team.error.message
            : 'The team could not be loaded. Please try again.'}
        </p>
      )}
      {team.data && (
        <>
          <h2>People</h2>
          <ul className="manage__cards">
            {team.data.members.map((member) => (
              <MemberCard key={member.id} member={member} onTeam={showTeam} />
            ))}
          </ul>
          <InviteForm team={team.data} onTeam={showTeam} />
        </>
      )}
    </section>
  );
}
