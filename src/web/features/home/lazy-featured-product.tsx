import { Suspense } from 'react';
import { LoadingLine } from '@/components/loading-line';
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

export function LazyFeaturedProduct({ productId }: { productId: number }) {
  return (
    <Suspense fallback={loadingSection}>
      <featuredProductWithQueries.Component productId={productId} />
    </Suspense>
  );
}
