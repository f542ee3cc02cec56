import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { penceOfPounds } from '@common/payments';

/** What a refund request carries beside the form's own fields (issue 36). */
interface RefundRequest {
  amountPence: number;
  expectedRefundedPence: number;
}

/**
 * The resolver of a refund form (an order's card payment, a booking's deposit): the pounds typed
 * as whole pence, no more than what is left, then the request's own shared schema for the rest.
 * What the owner saw refunded is added when sending, so it is left out here.
 */
export function refundAmountResolver<
  Values extends FieldValues & { amount: string },
  Schema extends $ZodType<RefundRequest>,
>(
  schema: Schema,
  leftPence: number,
  pounds: (pence: number) => string,
): Resolver<Values, unknown, Omit<output<Schema>, 'expectedRefundedPence'>> {
  return (values) => {
    const amountPence = penceOfPounds(values.amount);
    if (amountPence === undefined || amountPence > leftPence) {
      const message =
        amountPence === undefined
          ? 'Type the amount in pounds, like 12.50'
          : `At most ${pounds(leftPence)} can be refunded`;
      // The fields are named by the forms that use this (both have `amount`).
      const errors = { amount: { type: 'amount', message } } as FieldErrors<Values>;
      return { values: {}, errors };
    }
    const parsed = z.safeParse(schema, { ...values, amountPence, expectedRefundedPence: 0 });
    if (parsed.success) {
      const { expectedRefundedPence: _added, ...request } = parsed.data;
      return { values: request, errors: {} };
    }
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] === 'amountPence' ? 'amount' : String(issue.path[0]);
      errors[name] ??= { type: 'schema', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
