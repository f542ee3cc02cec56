import { useEffect, useId, useRef } from 'react';
import { describeValue, type VersionDifference } from './version-diff';

/**
 * A save refused with 409 because someone else saved first (issue 31): both versions side by side,
 * field by field, and the owner's choice: save theirs over the other (with the newer version) or
 * take the other and drop their own edit. It takes focus when it appears.
 */
export function VersionConflict({
  differences,
  labelOf,
  busy,
  onKeepMine,
  onTakeTheirs,
}: {
  differences: VersionDifference[];
  /** The field's name as the form labels it. */
  labelOf: (path: string) => string;
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  useEffect(() => section.current?.focus(), []);
  return (
    <section ref={section} className="version-conflict" tabIndex={-1} aria-labelledby={headingId}>
      <h2 id={headingId}>Changed by someone else</h2>
      <p role="alert">
        Someone else saved this while you were editing. Compare the two versions and choose which to
        keep.
      </p>
      {differences.length === 0 ? (
        <p>Their version is the same as yours.</p>
      ) : (
        <div className="version-conflict__table">
          <table>
            <caption className="visually-hidden">Their version and yours, field by field</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Their version</th>
                <th scope="col">Your version</th>
              </tr>
            </thead>
            <tbody>
              {differences.map((difference) => (
                <tr key={difference.path}>
                  <th scope="row">{labelOf(difference.path)}</th>
                  <td>{describeValue(difference.theirs)}</td>
                  <td>{describeValue(difference.yours)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="version-conflict__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={onKeepMine}
        >
          {busy ? 'Saving…' : 'Keep mine and save'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onTakeTheirs}>
          Take theirs
        </button>
      </p>
    </section>
  );
}
