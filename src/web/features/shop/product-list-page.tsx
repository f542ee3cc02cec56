import { useLocation } from 'react-router';
import { categoryHeadings, productCategories, type ProductCategory } from '@common/routes';
import { PageHeading } from '@/components/page-heading';
import { useProducts } from './product-queries';
import { ProductCard } from './components/product-card';
import './shop.css';
import { withQueryClient } from '@/lib/query-provider';

const headings = categoryHeadings;

/** The cards above the fold on a desktop load eagerly; the rest wait until scrolled to. */
const eagerCards = 3;

function categoryFromPath(pathname: string): ProductCategory | undefined {
  const name = pathname.replace(/^\/+|\/+$/g, '');
  return productCategories.find((category) => category === name);
}

/** /products (all) and one list per category route, showing only that category (spec section 2). */
function ProductListPage() {
  const category = categoryFromPath(useLocation().pathname);
  const products = useProducts(category);
  const heading = headings[category ?? 'all'];

  return (
    <section className="page shop-page">
      <PageHeading>{heading}</PageHeading>
      {products.isPending && (
        <p role="status" className="loading">
          Loading products…
        </p>
      )}
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
              <ProductCard product={product} eager={index < eagerCards} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default withQueryClient(ProductListPage);
