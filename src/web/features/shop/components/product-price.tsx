import { showsStartingFrom } from '@common/cart-rules';
import { availabilityLabel } from '@common/product-availability';
import { formatPounds, toPounds } from '@common/money';
import { useClient } from '@/lib/client-context';
import type { ProductSummary } from '@common/catalogue';

/** A product's price; enquire products (the spec's swim spas) say "Starting from" before it. */
export function ProductPrice({
  product,
  className,
}: {
  product: ProductSummary;
  className?: string;
}) {
  const client = useClient();
  const price = formatPounds(toPounds(product.price, client.pricesInPence));
  return (
    <p className={className ?? 'product-price'}>
      {showsStartingFrom(product) ? (
        <>
          <span className="starting-from">Starting from</span> {price}
        </>
      ) : (
        price
      )}
    </p>
  );
}

/** The stock line under the price ("Out of stock", "Only 2 left", "Made to order…"), if any. */
export function ProductAvailability({ product }: { product: ProductSummary }) {
  const label = availabilityLabel(product);
  return label ? <p className="product-availability">{label}</p> : null;
}
