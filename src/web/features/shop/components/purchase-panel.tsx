import { purchaseOptionFor } from '@common/cart-rules';
import { useClient } from '@/lib/client-context';
import type { Product } from '@common/catalogue';
import { AddToCartForm } from './add-to-cart-form';
import { ContactShopButton } from './contact-shop-button';

/** Add to cart where spec section 6 allows it; otherwise only the contact button. */
export function PurchasePanel({ product }: { product: Product }) {
  const client = useClient();
  return purchaseOptionFor(product, client) === 'add-to-cart' ? (
    <AddToCartForm product={product} />
  ) : (
    <ContactShopButton product={product} />
  );
}
