import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type * as z from 'zod/mini';
import { cartTotal, formatCartAmount, itemCount, type RepriceResult } from '@common/cart-rules';
import type { OrderQuoteAnswer } from '@common/orders';
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
import { placeOrder } from './orders-api';
import type { ChoicesHandle } from './checkout-choices';

// The totals table arrives with the first quote: its own chunk keeps checkout's within budget.
const OrderMoneyLines = lazy(() =>
  import('@/components/order-money').then((m) => ({ default: m.OrderMoneyLines })),
);
// Started as this module runs, not when checkout first renders: no waterfall.
const choicesChunk = import('./checkout-choices');
const CheckoutChoicesFields = lazy(() => choicesChunk);
import './shop.css';

type CheckoutInput = z.input<typeof checkoutFormSchema>;

function OrderSummary({
  quote,
  deliveryPending,
  payByCard,
}: {
  quote: OrderQuoteAnswer | null;
  deliveryPending: boolean;
  payByCard: boolean;
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
        {payByCard
          ? 'You pay by card on Stripe’s secure page next.'
          : `Nothing is charged now: ${client.title} will contact you to arrange payment.`}
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
  // Issue 35: the server's totals for the choices made in the lazily loaded CheckoutChoices.
  const lines = useCart((cart) => cart.lines);
  const choices = useRef<ChoicesHandle | null>(null);
  const [summary, setSummary] = useState<{ quote: OrderQuoteAnswer; pending: boolean } | null>(
    null,
  );
  // Issue 36: the visitor chose to pay now by card (in the choices chunk).
  const [payByCard, setPayByCard] = useState(false);
  const showQuote = useCallback(
    (quote: OrderQuoteAnswer, pending: boolean) => setSummary({ quote, pending }),
    [],
  );

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

  async function submitOrder(form: CheckoutForm) {
    if (sendingNow.current) return;
    if (choices.current && !choices.current.check()) return;
    sendingNow.current = true;
    // On the way to Stripe's page (issue 36) or to the success screen the button stays disabled.
    let leaving = false;
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
      if (cartLines.length === 0) {
        // The cart emptied on this page (the last one sold): Order says why nothing is sent.
        setRefusal('Your cart is empty, so there is nothing to order yet. Your details are kept.');
        return;
      }
      setRefusal(null);
      const { collecting, ...chosen } = choices.current?.choices() ?? { collecting: false };
      const placed = await placeOrder(
        // Collection needs no address: what was typed for delivery is not sent with it.
        collecting ? { ...form, address: '' } : form,
        cartLines,
        cart.getState().orderKey(),
        chosen,
      );
      // Issue 36: paying by card goes on to Stripe's page, which sends the visitor back to
      // /checkout/paid or /checkout/not-paid; those empty the cart. Until then it stays, so the
      // browser's Back and Order again replay this same order (its key) to the same page.
      if (placed.payment?.url) {
        leaving = true;
        window.location.assign(placed.payment.url);
        return;
      }
      cart.getState().clear();
      // On its way to the success screen too: a second click must not meet the emptied cart.
      leaving = true;
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
        choices.current?.showRefusal(error);
        setRefusal(error.message);
        return;
      }
      console.warn('Order not sent', error);
      void navigate(routeTable.failure);
    } finally {
      if (!leaving) {
        sendingNow.current = false;
        setSending(false);
      }
    }
  }

  const address = (
    <FormField
      label="Address"
      multiline
      autoComplete="street-address"
      registration={register('address')}
      error={errors.address}
    />
  );

  // A re-price that emptied the cart (the last one sold to someone else a moment ago) keeps this
  // page, its notice and everything typed, rather than the empty-cart screen (issue 35).
  if (!hasLines && !reprice) {
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
          {hasLines ? (
            <p>
              Your cart changed because our catalogue has been updated. Please check it and press
              Order again.
            </p>
          ) : (
            <p>
              Sorry, that sold out a moment ago. Your details are kept while you{' '}
              <Link to={routeTable.products}>choose again</Link>.
            </p>
          )}
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
          <Suspense fallback={address}>
            <CheckoutChoicesFields
              lines={lines}
              address={address}
              handle={choices}
              email={() => getValues('email')}
              onQuote={showQuote}
              onRefusal={setRefusal}
              onPayByCard={setPayByCard}
            />
          </Suspense>
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
            {sending ? 'Sending your order…' : payByCard ? 'Order and pay' : 'Order'}
          </button>
          <p className="visually-hidden" role="status">
            {sending ? 'Sending your order' : ''}
          </p>
        </form>
        <OrderSummary
          quote={summary?.quote ?? null}
          deliveryPending={summary?.pending ?? false}
          payByCard={payByCard}
        />
      </div>
    </section>
  );
}

/** A shop with a cart (shop-routes.tsx shows the e-mail notice to the others). */
export default CheckoutScreen;
