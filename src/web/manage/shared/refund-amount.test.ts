import { describe, expect, it } from 'vitest';
import { refundOrderRequestSchema } from '@common/payments';
import { refundAmountResolver } from './refund-amount';

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
const resolve = (amount: string, reason = 'Dented') =>
  refundAmountResolver<
    { amount: string; reason: string; cancelOrder: boolean },
    typeof refundOrderRequestSchema
  >(refundOrderRequestSchema, 1500, pounds)({ amount, reason, cancelOrder: false }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('refundAmountResolver', () => {
  it('sends whole pence up to what is left, without the version the form adds later', async () => {
    expect(await resolve('12.50')).toEqual({
      values: { amountPence: 1250, reason: 'Dented', cancelOrder: false },
      errors: {},
    });
  });

  it('says on the amount when it is not pounds or more than is left', async () => {
    expect((await resolve('twelve')).errors).toMatchObject({
      amount: { message: 'Type the amount in pounds, like 12.50' },
    });
    expect((await resolve('15.01')).errors).toMatchObject({
      amount: { message: 'At most £15.00 can be refunded' },
    });
  });

  it("puts the shared schema's problems on their fields", async () => {
    expect((await resolve('1', '')).errors).toHaveProperty('reason');
  });
});
