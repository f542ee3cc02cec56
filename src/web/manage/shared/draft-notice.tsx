/** Says that a kept draft was put back into the form, with the way to throw it away. */
export function DraftNotice({ savedAt, onDiscard }: { savedAt: string; onDiscard: () => void }) {
  const when = new Date(savedAt);
  const time = Number.isNaN(when.getTime())
    ? ''
    : ` from ${when.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`;
  return (
    <div className="draft-notice" role="status">
      <p>
        We restored your unsaved changes{time}. They are not saved yet: save them, or{' '}
        <button type="button" className="button" onClick={onDiscard}>
          Discard the changes
        </button>
      </p>
    </div>
  );
}
