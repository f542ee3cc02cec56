import { describe, expect, it } from 'vitest';
import { buildOrderTemplateParams } from './order-email';

describe('buildOrderTemplateParams', () => {
  const form = {
    name: 'Morag Campbell',
    email: 'morag@example.com',
    telephone: '07700 900123',
    address: '12 Loch View, Perth',
    message: 'Please deliver after 2pm',
  };

  it('carries the form fields, the cart as an HTML table and the formatted total', () => {
    const params = buildOrderTemplateParams(
      form,
      [
        { id: 2, title: 'Oasis Serenity', price: 8995, quantity: 2 },
        { id: 201, title: 'Sunbeach Breeze', price: 4999, quantity: 1 },
      ],
      { usesCart: true, pricesInPence: false },
    );
    expect(params).toEqual({
      ...form,
      cart: expect.stringContaining(
        '<tr><td>Oasis Serenity</td><td>2</td><td>£17.990,00</td></tr>',
      ),
      cartPrice: '£22.989,00',
    });
    expect(Object.keys(params).sort()).toEqual(
      ['address', 'cart', 'cartPrice', 'email', 'message', 'name', 'telephone'].sort(),
    );
  });

  it('formats pence-mode totals', () => {
    const params = buildOrderTemplateParams(
      form,
      [{ id: 1, title: 'Castor Oil', price: 799, quantity: 3 }],
      { usesCart: true, pricesInPence: true },
    );
    expect(params.cartPrice).toBe('£23,97');
  });
});
