import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingLine } from '@/components/loading-line';
import { PageHeading } from '@/components/page-heading';
import type { GalleryPicture, Product } from '@common/catalogue';
import { pictureSetBeside, shownWidths } from '@common/picture-set';
import { useProduct } from './product-queries';
import { ResponsivePicture } from '@/components/responsive-picture';
import { ProductAvailability, ProductPrice } from './components/product-price';
import { ProductDescription } from './components/product-description';
import { PurchasePanel } from './components/purchase-panel';
import './shop.css';
import { withQueryClient } from '@/lib/query-provider';

/** The product's pictures in order; an answer without a gallery (older data) has the drawn ones. */
function galleryOf(product: Product): GalleryPicture[] {
  if (product.gallery?.length) return product.gallery;
  const files = product.listingPictures.length ? product.listingPictures : [product.picture];
  return files.map((file) => ({ ...pictureSetBeside(file, 800, 600), alt: '' }));
}

/** The product's pictures: one large, with thumbnail buttons that choose which is large. */
function Gallery({ product }: { product: Product }) {
  const pictures = galleryOf(product);
  const [shown, setShown] = useState(0);
  const current = Math.min(shown, pictures.length - 1);
  const describe = (index: number) =>
    pictures[index]?.alt || `${product.title}, picture ${index + 1} of ${pictures.length}`;
  const large = pictures[current];
  return (
    <div className="product-gallery">
      {large && (
        <ResponsivePicture
          key={large.path}
          set={large}
          className="product-gallery-main"
          alt={describe(current)}
          sizes={shownWidths.productMain}
          loading="eager"
          fetchPriority={current === 0 ? 'high' : undefined}
        />
      )}
      {pictures.length > 1 && (
        <ul className="product-gallery-thumbs" aria-label="Choose a picture">
          {pictures.map((picture, index) => (
            <li key={picture.path}>
              <button
                type="button"
                aria-pressed={index === current}
                aria-label={`Show picture ${index + 1} of ${pictures.length}`}
                onClick={() => setShown(index)}
              >
                {/* Low: fetched after the large picture, which is the page's largest paint. */}
                <ResponsivePicture
                  set={picture}
                  alt=""
                  sizes="10rem"
                  widestShown={160}
                  fetchPriority="low"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /product/{id}: title, price, quantity and Add to cart (or contact), description, pictures. */
function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);

  if (product.isPending) {
    return (
      <section className="page shop-page">
        <LoadingLine>Loading product…</LoadingLine>
      </section>
    );
  }
  if (product.isError || product.data === null) {
    // getProduct answers null for a product this client does not have (404/400), so an error
    // here is the API or the network failing.
    const notFound = product.data === null;
    return (
      <section className="page shop-page">
        <PageHeading>{notFound ? 'Product not found' : 'Something went wrong'}</PageHeading>
        <p>
          {notFound
            ? 'We could not find that product. It may no longer be available.'
            : 'Sorry, we could not load this product just now. Please refresh the page to try again.'}
        </p>
        <p>
          <Link to="/products">See all our products</Link>
        </p>
      </section>
    );
  }

  const item = product.data;
  return (
    <article className="page shop-page product-page">
      <div className="product-layout">
        <div className="product-title">
          <PageHeading>{item.title}</PageHeading>
          <ProductPrice product={item} className="product-price product-price-large" />
          <ProductAvailability product={item} />
        </div>
        <Gallery product={item} />
        <div className="product-buy">
          <PurchasePanel product={item} />
        </div>
      </div>
      <section className="product-details" aria-labelledby="product-details-heading">
        <h2 id="product-details-heading">Details</h2>
        <ProductDescription html={item.blurb} />
      </section>
    </article>
  );
}

export default withQueryClient(ProductPage);
