import { showsStartingFrom } from '@common/cart-rules';
import { useClient } from '@/lib/client-context';
import type { Product } from '@common/catalogue';

/**
 * Spec section 6: where a product cannot be bought online (one the owner sells by enquiry,
 * like the seed's swim spas, or a client without a cart) the visitor is asked to contact the shop instead, by e-mail.
 */
export function ContactShopButton({ product }: { product: Product }) {
  const client = useClient();
  const subject = encodeURIComponent(`Enquiry about ${product.title}`);
  return (
    <div className="purchase-panel">
      <p>
        {showsStartingFrom(product)
          ? 'Every one is specified to order. Contact us for a quote and a site visit.'
          : 'To order this product, please contact us.'}
      </p>
      <a className="button" href={`mailto:${client.email}?subject=${subject}`}>
        Contact us at {client.email}
      </a>
    </div>
  );
}
