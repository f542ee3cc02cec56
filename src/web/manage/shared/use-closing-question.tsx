import { useState, type ReactNode } from 'react';
import type { ClosingRange } from '@common/diary';
import { AffectedBookingsDialog, type AffectedDecision } from './affected-bookings-dialog';
import { findAffected, type AffectedGroup } from './closing-api';

/** The owner closed the question about the bookings in the new closing: nothing is saved. */
export class WentBack extends Error {}

/** What the owner decided about the bookings standing in the days being closed. */
export interface ClosingAnswer {
  groups: AffectedGroup[];
  decision: Exclude<AffectedDecision, { kind: 'back' }>;
}

/**
 * Closing days over bookings (issue 32), the one way every screen that closes days asks: the
 * salon's closures on the hours screen and a therapist's time off on the staff screen. `ask`
 * finds the bookings standing in the ranges; when there are some it opens the dialog and waits
 * for the owner (keep them, or cancel them with a message), and throws `WentBack` when the owner
 * goes back without saving. The screen renders `dialog`, saves, then cancels on a "cancel" answer.
 */
export function useClosingQuestion(what: string): {
  ask: (ranges: readonly ClosingRange[]) => Promise<ClosingAnswer>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<
    { groups: AffectedGroup[]; answer: (decision: AffectedDecision) => void } | undefined
  >();
  const ask = async (ranges: readonly ClosingRange[]): Promise<ClosingAnswer> => {
    const groups = ranges.length > 0 ? await findAffected(ranges) : [];
    if (groups.length === 0) return { groups, decision: { kind: 'keep' } };
    const decision = await new Promise<AffectedDecision>((answer) => setAsking({ groups, answer }));
    if (decision.kind === 'back') throw new WentBack();
    return { groups, decision };
  };
  const dialog = (
    <AffectedBookingsDialog
      open={asking !== undefined}
      groups={asking?.groups ?? []}
      what={what}
      onDecide={(decision) => {
        asking?.answer(decision);
        setAsking(undefined);
      }}
    />
  );
  return { ask, dialog };
}

/** "1 booking" or "3 bookings", for the notes after cancelling. */
export function bookingCount(count: number): string {
  return count === 1 ? '1 booking' : `${count} bookings`;
}
