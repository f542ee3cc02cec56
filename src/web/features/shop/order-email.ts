import {
  cartTotal,
  formatCartAmount,
  renderCartTable,
  type CartClient,
  type CartLine,
} from '@common/cart-rules';
import type { CheckoutForm } from '@common/forms';

/** The order e-mail's template_params (spec sections 3 and 7.5). */
export interface OrderTemplateParams {
  address: string;
  telephone: string;
  email: string;
  name: string;
  message: string;
  cart: string;
  cartPrice: string;
}

export function buildOrderTemplateParams(
  form: CheckoutForm,
  lines: readonly CartLine[],
  client: CartClient,
): OrderTemplateParams {
  return {
    address: form.address,
    telephone: form.telephone,
    email: form.email,
    name: form.name,
    message: form.message,
    cart: renderCartTable(lines, client),
    cartPrice: formatCartAmount(cartTotal(lines), client),
  };
}
