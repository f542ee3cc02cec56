import { Suspense } from 'react';
import { LoadingLine } from '@/components/loading-line';
import { PartErrorBoundary } from '@/components/part-error-boundary';
import { preloadable } from '@/lib/preloadable';

// The featured product needs TanStack Query, which is not in the first-load bundle
// (docs/decisions/0014-page-speed.md); its chunk brings the query provider after the first paint.
export const featuredProductWithQueries = preloadable<{ productId: number }>(
  async () => (await import('./featured-product')).FeaturedProductWithQueries,
);

/** Same box as the featured product's own loading state, so nothing moves when it arrives. */
const loadingSection = (
  <section className="featured-product" aria-labelledby="featured-product-heading">
    <h2 id="featured-product-heading">Featured product</h2>
    <LoadingLine>Loading the featured product…</LoadingLine>
  </section>
);

/** Said in the same box when its chunk cannot load (the connection gone): the home page stays. */
const unavailableSection = (
  <section className="featured-product" aria-labelledby="featured-product-heading">
    <h2 id="featured-product-heading">Featured product</h2>
    <p>The featured product could not load. Please check your connection and reload the page.</p>
  </section>
);

export function LazyFeaturedProduct({ productId }: { productId: number }) {
  return (
    <PartErrorBoundary fallback={unavailableSection}>
      <Suspense fallback={loadingSection}>
        <featuredProductWithQueries.Component productId={productId} />
      </Suspense>
    </PartErrorBoundary>
  );
}
