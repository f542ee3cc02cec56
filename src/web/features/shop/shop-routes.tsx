import type { RouteObject } from 'react-router';
import { routeTable } from '@common/routes';
import { useClient } from '@/lib/client-context';

// One chunk per screen group: the catalogue (lists and product page) and the cart with checkout.
const productList = async () => ({ Component: (await import('./product-list-page')).default });
const productPage = async () => ({ Component: (await import('./product-page')).default });
const cartPage = async () => ({ Component: (await import('./cart-page')).default });
/**
 * Checkout, or for a shop that takes orders by e-mail the notice that says so: both chunks load at
 * once, and checkout's own group stays within its 30 KB without the notice (decision 0014).
 */
const checkoutPage = async () => {
  const [{ default: CheckoutScreen }, { EmailOrdersNotice }] = await Promise.all([
    import('./checkout-page'),
    import('./components/email-orders-notice'),
  ]);
  return {
    Component: function CheckoutPage() {
      return useClient().usesCart ? <CheckoutScreen /> : <EmailOrdersNotice />;
    },
  };
};
// Issue 36: back from Stripe's page, paid or not; a chunk of their own, loaded only there.
const paidPage = async () => ({ Component: (await import('./payment-return-pages')).PaidPage });
const notPaidPage = async () => ({
  Component: (await import('./payment-return-pages')).NotPaidPage,
});

/** Catalogue, cart and checkout (spec sections 2, 4 and 6). */
export const shopRoutes: RouteObject[] = [
  { path: routeTable.products, lazy: productList },
  // A category's list (/oasis, an owner's /garden-furniture): the screen checks the slug is one of
  // the shop's shown categories. Every fixed route ranks above this one.
  { path: '/:category', lazy: productList },
  { path: routeTable.product, lazy: productPage },
  { path: routeTable.cart, lazy: cartPage },
  { path: routeTable.checkout, lazy: checkoutPage },
  { path: routeTable.checkoutPaid, lazy: paidPage },
  { path: routeTable.checkoutNotPaid, lazy: notPaidPage },
];
