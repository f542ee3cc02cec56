import { useLocation } from 'react-router';
import { productListOfPath } from '@common/page-data';
import { categoryHeadings } from '@common/routes';
import { LoadingLine } from '@/components/loading-line';
import { PageHeading } from '@/components/page-heading';
import { useProducts } from './product-queries';
import { ProductCard } from './components/product-card';
import './shop.css';
import { withQueryClient } from '@/lib/query-provider';

const headings = categoryHeadings;

/** /products (all) and one list per category route, showing only that category (spec section 2). */
function ProductListPage() {
  const list = productListOfPath(useLocation().pathname) ?? 'all';
  const products = useProducts(list === 'all' ? undefined : list);
  const heading = headings[list];

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
