import type { StaffList, StaffListEntry } from '@common/staff';

/** The therapists who perform every chosen treatment, in the owner's display order (issue 32). */
export function therapistsFor(staff: StaffList, treatmentIds: readonly number[]): StaffListEntry[] {
  return staff.filter((member) => treatmentIds.every((id) => member.treatmentIds.includes(id)));
}

/**
 * After the treatments change: the chosen therapist stays if they perform them all; otherwise the
 * choice goes back to any therapist, with a note saying why (null for any therapist or no change).
 */
export function keepTherapist(
  staff: StaffList,
  staffId: number | null,
  treatmentIds: readonly number[],
): { staffId: number | null; note: string } {
  if (staffId === null) return { staffId, note: '' };
  const member = staff.find((m) => m.id === staffId);
  if (member && therapistsFor([member], treatmentIds).length === 1) return { staffId, note: '' };
  const name = member?.name ?? 'The therapist you chose';
  return {
    staffId: null,
    note: `${name} does not offer every treatment you have chosen, so we have changed your choice to Any therapist. You can choose another therapist below.`,
  };
}
