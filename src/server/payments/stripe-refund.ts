import Stripe from 'stripe';
import { formatPounds } from '../../common/money.js';
import { AppError } from '../kernel/errors.js';

const pounds = (pence: number) => formatPounds(pence / 100);

/**
 * Refuses, on the amount's field, a refund of more than is left of a card payment (an order's or
 * a booking deposit's): what was paid less what has been refunded.
 */
export function refuseRefundOverLeft(
  what: 'order' | 'deposit',
  amountPence: number,
  payment: { leftPence: number; paidPence: number; refundedPence: number },
): void {
  if (amountPence <= payment.leftPence) return;
  const message =
    payment.leftPence === 0
      ? `This ${what} has been refunded in full already.`
      : `At most ${pounds(payment.leftPence)} can be refunded (${pounds(payment.paidPence)} paid, ${pounds(payment.refundedPence)} refunded).`;
  throw new AppError(422, message, [{ path: 'amountPence', message }]);
}

/**
 * Asks Stripe for a refund under an idempotency key (a replayed request refunds nothing twice),
 * and says in the owner's words what went wrong: Stripe's refusal on the amount's field, a key
 * it no longer accepts, or no answer (nothing refunded).
 */
export async function createStripeRefund(
  stripe: Stripe,
  params: Stripe.RefundCreateParams,
  idempotencyKey: string,
): Promise<Stripe.Refund> {
  try {
    return await stripe.refunds.create(params, { idempotencyKey });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      const message = `Stripe refused the refund: ${error.message}`;
      throw new AppError(422, message, [{ path: 'amountPence', message }]);
    }
    if (error instanceof Stripe.errors.StripeAuthenticationError) {
      throw new AppError(409, 'Stripe does not accept the saved secret key (see Payments).');
    }
    throw new AppError(
      409,
      'Stripe could not be reached, and nothing has been refunded. Please try again in a minute.',
    );
  }
}
