/**
 * What a back-office screen shows while its data loads: grey blocks in the shape of what is
 * coming (cards, or a form), so the page does not jump when it arrives. Screen readers hear one
 * "Loading…" status; the mark is the loading line's, so tests and the crawl still find it
 * (src/web/components/loading-line.tsx).
 */
export function ScreenSkeleton({ shape = 'cards' }: { shape?: 'cards' | 'form' }) {
  const rows = shape === 'cards' ? 3 : 4;
  return (
    <div className={`manage-skeleton manage-skeleton--${shape}`}>
      <p className="visually-hidden" role="status" data-loading-line="">
        Loading…
      </p>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="manage-skeleton__block" aria-hidden="true">
          <span className="manage-skeleton__line manage-skeleton__line--strong" />
          <span className="manage-skeleton__line" />
          {shape === 'cards' && (
            <span className="manage-skeleton__line manage-skeleton__line--short" />
          )}
        </div>
      ))}
    </div>
  );
}
