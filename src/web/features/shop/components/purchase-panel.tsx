import { purchaseOptionFor } from '@common/cart-rules';
import { useClient } from '@/lib/client-context';
import type { Product } from '@common/catalogue';
import { AddToCartForm } from './add-to-cart-form';
import { ContactShopButton } from './contact-shop-button';

/** Add to cart where spec section 6 allows it and stock is left; otherwise why not. */
export function PurchasePanel({ product }: { product: Product }) {
  const client = useClient();
  const option = purchaseOptionFor(product, client);
  if (option === 'out-of-stock') {
    return (
      <div className="purchase-panel">
        <p role="status">
          {product.title} is out of stock, so it cannot be added to your cart. Please check back
          soon, or contact us at <a href={`mailto:${client.email}`}>{client.email}</a>.
        </p>
      </div>
    );
  }
  return option === 'add-to-cart' ? (
    <AddToCartForm product={product} />
  ) : (
    <ContactShopButton product={product} />
  );
}
