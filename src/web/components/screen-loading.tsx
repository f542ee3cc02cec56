/** Shown inside the page frame while a screen's chunk loads on a first visit. */
export const screenLoading = (
  <div className="page">
    <p className="loading-text" role="status">
      Loading…
    </p>
  </div>
);
