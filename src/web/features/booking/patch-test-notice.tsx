import type { Treatment } from '@common/booking';
import { patchTestValidMonths } from '@common/patch-tests';

interface PatchTestNoticeProps {
  /** The chosen treatments; some need a patch test. */
  chosen: readonly Treatment[];
  /** Every treatment offered, the patch-test appointment among them (if the client has one). */
  treatments: readonly Treatment[];
  /** Chooses these treatments instead of the ones chosen. */
  onChoose: (ids: number[]) => void;
}

/**
 * Issue 33: before the details, a chosen treatment that needs a patch test asks whether the
 * visitor has had one; the server checks it by their e-mail when they book. A chunk of its own:
 * only visitors choosing such a treatment load it (the booking screen is on a budget).
 */
export default function PatchTestNotice({ chosen, treatments, onChoose }: PatchTestNoticeProps) {
  const needing = chosen.filter((t) => t.PatchTestHours);
  const hours = Math.max(...needing.map((t) => t.PatchTestHours ?? 0));
  const patchTest = treatments.find((t) => t.IsPatchTest);
  return (
    <div className="booking-patch-test" role="note" aria-labelledby="booking-patch-test-heading">
      <h3 id="booking-patch-test-heading" className="booking-subheading">
        Patch test needed
      </h3>
      <p>
        {needing.map((t) => t.Name).join(', ')} {needing.length === 1 ? 'needs' : 'need'} a patch
        test at least {hours} hours before. Have you had one with us in the last{' '}
        {patchTestValidMonths} months? Then carry on: we check it by your e-mail address when you
        book.
      </p>
      {patchTest ? (
        <p>
          If not, book your {patchTest.Name} first, at least {hours} hours before; it counts once we
          have recorded its result.{' '}
          <button
            type="button"
            className="booking-button booking-button--secondary"
            onClick={() => onChoose([patchTest.ID])}
          >
            Book a {patchTest.Name} instead
          </button>
        </p>
      ) : (
        <p>If not, please contact us to arrange one before you book.</p>
      )}
    </div>
  );
}
