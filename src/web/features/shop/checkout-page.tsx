import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type * as z from 'zod/mini';
import { cartTotal, formatCartAmount, itemCount, type RepriceResult } from '@common/cart-rules';
import type { FulfilmentRequest, OrderQuoteAnswer } from '@common/orders';
import { checkoutFormSchema, type CheckoutForm } from '@common/forms';
import { routeTable } from '@common/routes';
import { useClient } from '@/lib/client-context';
import { PrivacyNote } from '@/components/privacy-link';
import { FormField, personFields } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { isNoAnswer, isRefusal } from '@/lib/api-errors';
import { ConnectionProblem } from '@/components/connection-problem';
import { getProducts } from './api';
import { getCartStore, useCart } from './cart-store';
import { EmailOrdersNotice } from './components/email-orders-notice';
import { placeOrder, quoteOrder, type CheckoutChoices } from './orders-api';

// The totals table arrives with the first quote: its own chunk keeps checkout's within budget.
const OrderMoneyLines = lazy(() =>
  import('@/components/order-money').then((m) => ({ default: m.OrderMoneyLines })),
);
import './shop.css';

type CheckoutInput = z.input<typeof checkoutFormSchema>;

type Method = 'delivery' | 'collection';

function OrderSummary({
  quote,
  deliveryPending,
}: {
  quote: OrderQuoteAnswer | null;
  deliveryPending: boolean;
}) {
  const client = useClient();
  const lines = useCart((cart) => cart.lines);
  const count = itemCount(lines);
  return (
    <aside className="order-summary" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">Your order</h2>
      <ul>
        {lines.map((line) => (
          <li key={line.id}>
            {line.quantity} × {line.title}
          </li>
        ))}
      </ul>
      {quote ? (
        <>
          <p>
            {count} {count === 1 ? 'item' : 'items'}
          </p>
          <Suspense fallback={null}>
            <OrderMoneyLines money={quote.money} deliveryPending={deliveryPending} />
          </Suspense>
        </>
      ) : (
        <p>
          {count} {count === 1 ? 'item' : 'items'}, total{' '}
          <strong>{formatCartAmount(cartTotal(lines), client)}</strong>
        </p>
      )}
      <p className="nothing-charged">
        Nothing is charged now: {client.title} will contact you to arrange payment.
      </p>
      <p>
        <Link to={routeTable.cart}>Change your cart</Link>
      </p>
    </aside>
  );
}

/** /checkout: the visitor's details, then the order e-mail (spec sections 2, 4, 5 and 7.5). */
function CheckoutScreen() {
  const client = useClient();
  const navigate = useNavigate();
  const hasLines = useCart((cart) => cart.lines.length > 0);
  const [sending, setSending] = useState(false);
  const [reprice, setReprice] = useState<RepriceResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [noAnswer, setNoAnswer] = useState<string | null>(null);
  // A second click arrives before React re-renders the disabled button; this stops it at once.
  const sendingNow = useRef(false);
  // Issue 35: delivery or collection, a discount code, and the server's totals for them.
  const lines = useCart((cart) => cart.lines);
  const [method, setMethod] = useState<Method | null>(null);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [quote, setQuote] = useState<OrderQuoteAnswer | null>(null);
  const [appliedCode, setAppliedCode] = useState('');
  const extras = useForm<{ postcode: string; discountCode: string }>({
    defaultValues: { postcode: '', discountCode: '' },
  });
  const options = quote?.options;
  const offersChoice = Boolean(options && (options.delivery || options.collection));

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<CheckoutInput, unknown, CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    // Spec section 5: checked on submit only; messages stay until the next submit.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { name: '', email: '', telephone: '', address: '', message: '' },
  });

  const choicesFor = useCallback(
    (chosen: Method | null, code: string): CheckoutChoices => {
      const postcode = extras.getValues('postcode').trim();
      let fulfilment: FulfilmentRequest | undefined;
      if (chosen === 'collection') fulfilment = { method: 'collection' };
      else if (chosen === 'delivery' && postcode) fulfilment = { method: 'delivery', postcode };
      return { fulfilment, discountCode: code.trim() || undefined };
    },
    [extras],
  );

  /** Shows a refusal beside the field it names; answers whether one was placed. */
  const showFieldRefusal = useCallback(
    (error: unknown): boolean => {
      if (!isRefusal(error)) return false;
      const path = error.issues[0]?.path ?? '';
      if (path === 'discountCode') {
        extras.setError('discountCode', { message: error.message });
        return true;
      }
      if (path === 'fulfilment.postcode') {
        extras.setError('postcode', { message: error.message });
        return true;
      }
      if (path.startsWith('fulfilment')) {
        setMethodError(error.message);
        return true;
      }
      return false;
    },
    [extras],
  );

  /** Asks the server for the totals; a refusal keeps the last totals and everything typed. */
  const requote = useCallback(
    async (chosen: Method | null, code: string): Promise<boolean> => {
      if (lines.length === 0) return false;
      try {
        const answer = await quoteOrder(lines, {
          ...choicesFor(chosen, code),
          email: getValues('email') || undefined,
        });
        setQuote(answer);
        extras.clearErrors();
        setMethodError(null);
        return true;
      } catch (error) {
        if (!showFieldRefusal(error) && isRefusal(error)) setRefusal(error.message);
        return false;
      }
    },
    // getValues is stable; lines change when the cart does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lines, choicesFor, showFieldRefusal, extras],
  );

  // The first totals, and what the client offers; a single offer is chosen for the visitor.
  useEffect(() => {
    void (async () => {
      if (lines.length === 0) return;
      try {
        const answer = await quoteOrder(lines, {});
        setQuote(answer);
        const only =
          answer.options.delivery && !answer.options.collection
            ? 'delivery'
            : !answer.options.delivery && answer.options.collection
              ? 'collection'
              : null;
        if (only) setMethod(only);
        if (only === 'collection') await requote('collection', '');
      } catch {
        // The order itself is priced on the server anyway; the summary shows the cart total.
      }
    })();
    // Once per visit to checkout: later changes requote on their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function chooseMethod(next: Method) {
    setMethod(next);
    setMethodError(null);
    void requote(next, appliedCode);
  }

  async function applyCode() {
    const typed = extras.getValues('discountCode').trim();
    if (!typed) {
      extras.setError('discountCode', { message: 'Please enter a discount code.' });
      return;
    }
    if (await requote(method, typed)) setAppliedCode(typed);
  }

  function removeCode() {
    setAppliedCode('');
    extras.setValue('discountCode', '');
    void requote(method, '');
  }

  async function submitOrder(form: CheckoutForm) {
    if (sendingNow.current) return;
    if (offersChoice && !method) {
      setMethodError('Please choose delivery or collection.');
      return;
    }
    if (method === 'delivery' && !extras.getValues('postcode').trim()) {
      extras.setError('postcode', { message: 'Please enter your postcode for delivery.' });
      return;
    }
    sendingNow.current = true;
    setSending(true);
    setNoAnswer(null);
    const cart = getCartStore(client.name);
    try {
      // Re-price against the catalogue right before sending; a change is shown, not sent. A plain
      // request, always fresh: checkout shows no server data, so it does not load TanStack Query.
      const catalogue = await getProducts();
      const result = cart.getState().applyCatalogue(catalogue, client);
      if (result.removed.length > 0 || result.repriced.length > 0) {
        setReprice(result);
        return;
      }
      const cartLines = cart.getState().lines;
      if (cartLines.length === 0) return;
      setRefusal(null);
      const typedCode = extras.getValues('discountCode').trim() || appliedCode;
      const placed = await placeOrder(
        // Collection needs no address: what was typed for delivery is not sent with it.
        method === 'collection' ? { ...form, address: '' } : form,
        cartLines,
        cart.getState().orderKey(),
        choicesFor(method, typedCode),
      );
      cart.getState().clear();
      void navigate(routeTable.success, {
        state: { orderNumber: placed.orderNumber, total: placed.totalText },
      });
    } catch (error) {
      // No answer (connection lost, or none in time): the details stay, with Try again. The
      // order's idempotency key makes a retry safe if the first one did arrive.
      if (isNoAnswer(error)) {
        setNoAnswer(error.message);
        return;
      }
      // A refusal the visitor can act on (a product gone, a quantity) stays on this page.
      if (isRefusal(error)) {
        showFieldRefusal(error);
        setRefusal(error.message);
        return;
      }
      console.warn('Order not sent', error);
      void navigate(routeTable.failure);
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  }

  if (!hasLines) {
    return (
      <section className="page shop-page">
        <PageHeading>Please enter your details</PageHeading>
        <p>Your cart is empty, so there is nothing to order yet.</p>
        <p>
          <Link to={routeTable.products}>Browse our products</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="page shop-page checkout-page">
      <PageHeading>Please enter your details</PageHeading>
      {refusal && (
        <div className="notice" role="alert">
          <p>{refusal}</p>
        </div>
      )}
      {reprice && (
        <div className="notice" role="alert">
          <p>
            Your cart changed because our catalogue has been updated. Please check it and press
            Order again.
          </p>
          {reprice.removed.length > 0 && <p>No longer available: {reprice.removed.join(', ')}.</p>}
          {reprice.repriced.length > 0 && <p>New price for: {reprice.repriced.join(', ')}.</p>}
        </div>
      )}
      <div className="checkout-layout">
        <form
          className="checkout-form"
          onSubmit={(event) => void handleSubmit(submitOrder)(event)}
          noValidate
        >
          <p className="form-hint">Fields marked * are required.</p>
          <FormField {...personFields.name} registration={register('name')} error={errors.name} />
          <FormField
            {...personFields.email}
            registration={register('email')}
            error={errors.email}
          />
          <FormField
            {...personFields.telephone}
            registration={register('telephone')}
            error={errors.telephone}
          />
          {offersChoice && options && (
            <fieldset
              className="fulfilment-choice"
              aria-describedby={methodError ? 'fulfilment-error' : undefined}
            >
              <legend>
                How would you like to get your order? <span aria-hidden="true">*</span>
              </legend>
              {options.delivery && (
                <label>
                  <input
                    type="radio"
                    name="fulfilment"
                    value="delivery"
                    checked={method === 'delivery'}
                    onChange={() => chooseMethod('delivery')}
                  />
                  Delivery
                </label>
              )}
              {options.collection && (
                <label>
                  <input
                    type="radio"
                    name="fulfilment"
                    value="collection"
                    checked={method === 'collection'}
                    onChange={() => chooseMethod('collection')}
                  />
                  Collect from the shop
                </label>
              )}
              {method === 'collection' && options.collection && (
                <p className="collection-details">
                  Collect from {options.collection.address}. {options.collection.openingTimes}
                </p>
              )}
              {methodError && (
                <p className="form-field__error" id="fulfilment-error" role="alert">
                  {methodError}
                </p>
              )}
            </fieldset>
          )}
          {(method === 'delivery' || !offersChoice) && (
            <>
              {method === 'delivery' && (
                <FormField
                  label="Postcode"
                  required
                  autoComplete="postal-code"
                  registration={extras.register('postcode', {
                    onBlur: () => void requote('delivery', appliedCode),
                  })}
                  error={extras.formState.errors.postcode}
                />
              )}
              <FormField
                label="Address"
                multiline
                autoComplete="street-address"
                registration={register('address')}
                error={errors.address}
              />
            </>
          )}
          {quote && (
            <div className="discount-code">
              <FormField
                label="Discount code"
                autoComplete="off"
                registration={extras.register('discountCode')}
                error={extras.formState.errors.discountCode}
              />
              {appliedCode ? (
                <button type="button" className="button" onClick={removeCode}>
                  Remove code
                </button>
              ) : (
                <button type="button" className="button" onClick={() => void applyCode()}>
                  Apply code
                </button>
              )}
            </div>
          )}
          <FormField
            label="Message"
            multiline
            registration={register('message')}
            error={errors.message}
          />
          <PrivacyNote purpose="to handle your order and keep the records the law asks of us" />
          {noAnswer && (
            <ConnectionProblem
              message={noAnswer}
              busy={sending}
              onRetry={() => void handleSubmit(submitOrder)()}
            />
          )}
          <button type="submit" className="button button-primary" disabled={sending}>
            {sending ? 'Sending your order…' : 'Order'}
          </button>
          <p className="visually-hidden" role="status">
            {sending ? 'Sending your order' : ''}
          </p>
        </form>
        <OrderSummary
          quote={quote}
          deliveryPending={method === 'delivery' && quote?.money.fulfilment === null}
        />
      </div>
    </section>
  );
}

export default function CheckoutPage() {
  const client = useClient();
  return client.usesCart ? <CheckoutScreen /> : <EmailOrdersNotice />;
}
