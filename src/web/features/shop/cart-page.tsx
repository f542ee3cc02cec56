import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  cartTotal,
  formatCartAmount,
  lineAmount,
  type CartLine,
  type RepriceResult,
} from '@common/cart-rules';
import { routeTable } from '@common/routes';
import { useClient } from '@/lib/client-context';
import { PageHeading } from '@/components/page-heading';
import { useProducts } from './product-queries';
import { useCart } from './cart-store';
import { EmailOrdersNotice } from './components/email-orders-notice';
import { QuantityInput } from './components/quantity-input';
import './shop.css';
import { withQueryClient } from '@/lib/query-provider';

function QuantityCell({ line }: { line: CartLine }) {
  const changeQuantity = useCart((cart) => cart.changeQuantity);
  const [text, setText] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  // Another tab, or a merge from the product page, may change the stored quantity.
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  if (shownQuantity !== line.quantity) {
    setShownQuantity(line.quantity);
    setText(String(line.quantity));
    setError(null);
  }

  function onChange(value: string) {
    setText(value);
    const change = changeQuantity(line.id, value);
    setError(change.ok ? null : change.message);
  }

  return (
    <td className="cart-qty">
      <label htmlFor={fieldId} className="visually-hidden">
        Quantity of {line.title}
      </label>
      <QuantityInput id={fieldId} value={text} onChange={onChange} error={error} />
    </td>
  );
}

function RepriceNotice({ result }: { result: RepriceResult | null }) {
  if (!result || (result.removed.length === 0 && result.repriced.length === 0)) return null;
  return (
    <div className="notice" role="status">
      {result.removed.length > 0 && (
        <p>No longer available, so removed from your cart: {result.removed.join(', ')}.</p>
      )}
      {result.repriced.length > 0 && (
        <p>The price has changed since you added: {result.repriced.join(', ')}.</p>
      )}
    </div>
  );
}

/** /cart: lines with product, Qty and Price, a Total, and Check out when there is something to buy. */
function CartContents() {
  const client = useClient();
  const lines = useCart((cart) => cart.lines);
  const remove = useCart((cart) => cart.remove);
  const applyCatalogue = useCart((cart) => cart.applyCatalogue);
  const reprice = useCart((cart) => cart.lastReprice);
  const catalogue = useProducts();

  // DESIGN.md: prices kept in the browser are not trusted; take the catalogue's on every visit.
  useEffect(() => {
    if (catalogue.data) applyCatalogue(catalogue.data, client);
  }, [catalogue.data, applyCatalogue, client]);

  return (
    <section className="page shop-page cart-page">
      <PageHeading>Your cart</PageHeading>
      <RepriceNotice result={reprice} />
      {lines.length === 0 ? (
        <>
          <p>Your cart is empty.</p>
          <p>
            <Link to={routeTable.products}>Browse our products</Link>
          </p>
        </>
      ) : (
        <>
          <table className="cart-table">
            <caption className="visually-hidden">Products in your cart</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Qty</th>
                <th scope="col">Price</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id}>
                  <th scope="row">
                    <Link to={`/product/${line.id}`}>{line.title}</Link>
                    {line.quantity > 1 && (
                      <span className="unit-price">
                        {formatCartAmount(line.price, client)} each
                      </span>
                    )}
                  </th>
                  <QuantityCell line={line} />
                  <td className="cart-price">{formatCartAmount(lineAmount(line), client)}</td>
                  <td>
                    <button type="button" className="button-link" onClick={() => remove(line.id)}>
                      Remove<span className="visually-hidden"> {line.title}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td />
                <td className="cart-price cart-total">
                  {formatCartAmount(cartTotal(lines), client)}
                </td>
                <td />
              </tr>
            </tfoot>
          </table>
          <p className="cart-actions">
            <Link className="button button-primary" to={routeTable.checkout}>
              Check out
            </Link>
            <Link to={routeTable.products}>Continue shopping</Link>
          </p>
        </>
      )}
    </section>
  );
}

function CartPage() {
  const client = useClient();
  return client.usesCart ? <CartContents /> : <EmailOrdersNotice />;
}

export default withQueryClient(CartPage);
