import { patchTestValidMonths } from '@common/patch-tests';

interface PatchTestNoticeProps {
  /** The chosen treatments that need a patch test. */
  names: readonly string[];
  /** The longest wait they ask, in hours. */
  hours: number;
  /** The client's patch-test appointment, when it can be booked online. */
  patchTestName: string | undefined;
  onBookPatchTest: () => void;
}

/**
 * Issue 33: before the details, a chosen treatment that needs a patch test asks whether the
 * visitor has had one; the server checks it by their e-mail when they book. A chunk of its own:
 * only visitors choosing such a treatment load it.
 */
export default function PatchTestNotice({
  names,
  hours,
  patchTestName,
  onBookPatchTest,
}: PatchTestNoticeProps) {
  return (
    <div className="booking-patch-test" role="note" aria-labelledby="booking-patch-test-heading">
      <h3 id="booking-patch-test-heading" className="booking-subheading">
        Patch test needed
      </h3>
      <p>
        {names.join(', ')} {names.length === 1 ? 'needs' : 'need'} a patch test at least {hours}{' '}
        hours before. Have you had one with us in the last {patchTestValidMonths} months? Then carry
        on: we check it by your e-mail address when you book.
      </p>
      {patchTestName ? (
        <p>
          If not, book your {patchTestName} first; it counts once we have recorded its result.{' '}
          <button
            type="button"
            className="booking-button booking-button--secondary"
            onClick={onBookPatchTest}
          >
            Book a {patchTestName} instead
          </button>
        </p>
      ) : (
        <p>If not, please contact us to arrange one before you book.</p>
      )}
    </div>
  );
}
