import type { ReactNode } from 'react';

/**
 * The one way a screen says it is still loading. The mark lets a test find any loading line in a
 * page the server sent (tests/e2e/crawl-the-sitemaps.spec.ts: crawlers must get the content).
 */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <p className="loading-text" role="status" data-loading-line="">
      {children}
    </p>
  );
}
