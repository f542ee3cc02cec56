import { Link, useLocation } from 'react-router';
import { productListHeading, productListOfPath, shownCategoriesOf } from '@common/category-pages';
import { useClient } from '@/lib/client-context';
import { LoadingLine } from '@/components/loading-line';
import { PageHeading } from '@/components/page-heading';
import { useProducts } from './product-queries';
import { ProductCard } from './components/product-card';
import './shop.css';
import { withQueryClient } from '@/lib/query-provider';

/**
 * The site's not-found screen (components/not-found-page.tsx), said again here: importing that
 * module from this lazy screen makes the bundler split React and the router out of the first
 * page's script into chunks of their own, 1.5 KB over its budget (docs/decisions/0014-page-speed.md).
 */
function NotFoundPage() {
  return (
    <section className="page">
      <PageHeading>Page not found</PageHeading>
      <p>We could not find that page. It may have moved, or the address may be mistyped.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}

/**
 * /products (all) and one list per shown category at /its-slug, showing only that category (spec
 * section 2; an owner's own categories too, issue 35). Any other single-part path that reaches
 * here (a hidden category, a mistyped address) is not found, as the server answered it.
 */
function ProductListPage() {
  const shown = shownCategoriesOf(useClient());
  const list = productListOfPath(useLocation().pathname, shown);
  if (list === undefined) return <NotFoundPage />;
  return <ProductList list={list} heading={productListHeading(list, shown)} />;
}

function ProductList({ list, heading }: { list: string; heading: string }) {
  const products = useProducts(list === 'all' ? undefined : list);

  return (
    <section className="page shop-page">
      <PageHeading>{heading}</PageHeading>
      {products.isPending && <LoadingLine>Loading products…</LoadingLine>}
      {products.isError && (
        <p role="alert">
          Sorry, we could not load the products just now. Please refresh the page to try again.
        </p>
      )}
      {products.isSuccess && products.data.length === 0 && (
        <p>There are no products to show here yet. Please check back soon, or get in touch.</p>
      )}
      {products.isSuccess && products.data.length > 0 && (
        <ul className="product-grid" aria-label={heading}>
          {products.data.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} first={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default withQueryClient(ProductListPage);
