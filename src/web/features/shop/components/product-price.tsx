import { isSwimSpa } from '@common/cart-rules';
import { formatPounds, toPounds } from '@common/money';
import { useClient } from '@/lib/client-context';
import type { ProductSummary } from '@common/catalogue';

/** A product's price; swim spas say "Starting from" before it (spec section 2). */
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
      {isSwimSpa(product) ? (
        <>
          <span className="starting-from">Starting from</span> {price}
        </>
      ) : (
        price
      )}
    </p>
  );
}
