import { LoadingLine } from './loading-line';

/** Shown inside the page frame while a screen's chunk loads on a first visit. */
export const screenLoading = (
  <div className="page">
    <LoadingLine>Loading…</LoadingLine>
  </div>
);
