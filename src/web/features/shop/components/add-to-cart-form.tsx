import { stockLimit } from '@common/product-availability';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { parseQuantity } from '@common/cart-rules';
import { routeTable } from '@common/routes';
import type { Product } from '@common/catalogue';
import { useCart } from '@/features/shop/cart-store';
import { QuantityInput } from './quantity-input';

/** Quantity (default 1) and Add to cart; a valid add stores the line and goes to the cart. */
export function AddToCartForm({ product }: { product: Product }) {
  const add = useCart((cart) => cart.add);
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseQuantity(quantity);
    if (!parsed.ok) return setError(parsed.message);
    // More than the counted stock would only be refused at checkout: say so here.
    const left = stockLimit(product);
    if (left !== undefined && parsed.quantity > left) {
      return setError(`Only ${left} of ${product.title} ${left === 1 ? 'is' : 'are'} left.`);
    }
    const change = add({
      id: product.id,
      title: product.title,
      price: product.price,
      quantity: parsed.quantity,
    });
    if (!change.ok) return setError(change.message);
    void navigate(routeTable.cart);
  }

  return (
    <form className="purchase-panel add-to-cart" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={fieldId}>Quantity</label>
        <QuantityInput id={fieldId} value={quantity} onChange={setQuantity} error={error} />
      </div>
      <button type="submit" className="button button-primary">
        Add to cart
      </button>
    </form>
  );
}
