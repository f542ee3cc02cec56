import { describe, expect, it } from 'vitest';
import {
  addLine,
  canAddToCart,
  cartTotal,
  changeQuantity,
  formatCartAmount,
  showsStartingFrom,
  itemCount,
  maxQuantityPerLine,
  normaliseLines,
  parseQuantity,
  purchaseOptionFor,
  quantityMessages,
  removeLine,
  renderCartTable,
  repriceLines,
  type CartLine,
} from './cart-rules';

const cartOn = { usesCart: true, pricesInPence: false };
const cartOff = { usesCart: false, pricesInPence: false };
const pence = { usesCart: true, pricesInPence: true };

const hotTub = { id: 2, title: 'Oasis Serenity', price: 8995, category: 'oasis' };
const sunbeach = { id: 201, title: 'Sunbeach Breeze', price: 4999, category: 'sunbeach' };
const swimSpa = {
  id: 1001,
  title: 'Aqua Trainer 12',
  price: 19995,
  category: 'spas',
  saleMode: 'enquire' as const,
};

const line = (product: typeof hotTub, quantity: number): CartLine => ({
  id: product.id,
  title: product.title,
  price: product.price,
  quantity,
});

describe('canAddToCart (spec section 6, sale mode and stock from issue 35)', () => {
  it('allows buyable products when the cart is on, whatever their id', () => {
    expect(canAddToCart(hotTub, cartOn)).toBe(true);
    expect(canAddToCart({ id: 1009, saleMode: 'buy' }, cartOn)).toBe(true);
    expect(purchaseOptionFor(sunbeach, cartOn)).toBe('add-to-cart');
  });
  it('never allows enquire products (the seed’s swim spas), which show a contact button instead', () => {
    expect(canAddToCart(swimSpa, cartOn)).toBe(false);
    expect(canAddToCart({ id: 3, saleMode: 'enquire' }, cartOn)).toBe(false);
    expect(purchaseOptionFor(swimSpa, cartOn)).toBe('contact-shop');
  });
  it('allows nothing when the client has no cart', () => {
    expect(canAddToCart(hotTub, cartOff)).toBe(false);
    expect(purchaseOptionFor(hotTub, cartOff)).toBe('contact-shop');
    expect(purchaseOptionFor(swimSpa, cartOff)).toBe('contact-shop');
  });
  it('refuses a product whose counted stock is gone', () => {
    const soldOut = { ...hotTub, stock: { mode: 'count' as const, count: 0 } };
    expect(canAddToCart(soldOut, cartOn)).toBe(false);
    expect(purchaseOptionFor(soldOut, cartOn)).toBe('out-of-stock');
    expect(canAddToCart({ ...hotTub, stock: { mode: 'count' as const, count: 1 } }, cartOn)).toBe(
      true,
    );
  });
  it('marks enquire products for the "Starting from" label', () => {
    expect(showsStartingFrom(swimSpa)).toBe(true);
    expect(showsStartingFrom(hotTub)).toBe(false);
    expect(showsStartingFrom(sunbeach)).toBe(false);
  });
});

describe('parseQuantity', () => {
  it('accepts whole numbers from 1 to the documented limit', () => {
    expect(parseQuantity('1')).toEqual({ ok: true, quantity: 1 });
    expect(parseQuantity(' 2 ')).toEqual({ ok: true, quantity: 2 });
    expect(parseQuantity(maxQuantityPerLine)).toEqual({ ok: true, quantity: maxQuantityPerLine });
    expect(parseQuantity('3.0')).toEqual({ ok: true, quantity: 3 });
  });
  it('refuses zero and negatives', () => {
    expect(parseQuantity('0')).toEqual({ ok: false, message: quantityMessages.tooSmall });
    expect(parseQuantity('-1')).toEqual({ ok: false, message: quantityMessages.tooSmall });
    expect(parseQuantity(-5)).toEqual({ ok: false, message: quantityMessages.tooSmall });
  });
  it('refuses fractions, text and empty input', () => {
    expect(parseQuantity('1.5')).toEqual({ ok: false, message: quantityMessages.notWhole });
    expect(parseQuantity('abc')).toEqual({ ok: false, message: quantityMessages.notWhole });
    expect(parseQuantity('1e3')).toEqual({ ok: false, message: quantityMessages.notWhole });
    expect(parseQuantity(Number.NaN)).toEqual({ ok: false, message: quantityMessages.notWhole });
    expect(parseQuantity('')).toEqual({ ok: false, message: quantityMessages.empty });
  });
  it('refuses absurd quantities', () => {
    expect(parseQuantity('100000')).toEqual({ ok: false, message: quantityMessages.tooLarge });
    expect(parseQuantity(maxQuantityPerLine + 1)).toEqual({
      ok: false,
      message: quantityMessages.tooLarge,
    });
    expect(quantityMessages.tooLarge).toContain(String(maxQuantityPerLine));
  });
});

describe('cart lines', () => {
  it('adds a new line and merges the same product into one line', () => {
    const first = addLine([], line(hotTub, 2));
    expect(first).toEqual({ ok: true, lines: [line(hotTub, 2)] });
    if (!first.ok) return;
    const second = addLine(first.lines, line(sunbeach, 1));
    if (!second.ok) throw new Error(second.message);
    const merged = addLine(second.lines, line(hotTub, 3));
    expect(merged).toEqual({ ok: true, lines: [line(hotTub, 5), line(sunbeach, 1)] });
  });
  it('refuses an add that is invalid or would pass the limit, leaving the cart as it was', () => {
    const lines = [line(hotTub, maxQuantityPerLine - 1)];
    expect(addLine(lines, line(hotTub, 0)).ok).toBe(false);
    expect(addLine(lines, line(hotTub, 1.5)).ok).toBe(false);
    const tooMany = addLine(lines, line(hotTub, 2));
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) expect(tooMany.message).toContain('You already have 19 of Oasis Serenity');
    expect(lines).toEqual([line(hotTub, maxQuantityPerLine - 1)]);
  });
  it('changes a quantity only to a valid one', () => {
    const lines = [line(hotTub, 1), line(sunbeach, 1)];
    expect(changeQuantity(lines, 201, '4')).toEqual({
      ok: true,
      lines: [line(hotTub, 1), line(sunbeach, 4)],
    });
    expect(changeQuantity(lines, 201, '0')).toEqual({
      ok: false,
      message: quantityMessages.tooSmall,
    });
  });
  it('removes a line', () => {
    expect(removeLine([line(hotTub, 1), line(sunbeach, 1)], 2)).toEqual([line(sunbeach, 1)]);
  });
  it('normalises a replacement cart: merges duplicates, drops invalid lines', () => {
    expect(
      normaliseLines([line(hotTub, 1), line(sunbeach, 0), line(hotTub, 2), line(sunbeach, 1)]),
    ).toEqual([line(hotTub, 3), line(sunbeach, 1)]);
  });
  it('totals price × quantity and counts items', () => {
    const lines = [line(hotTub, 2), line(sunbeach, 1)];
    expect(cartTotal(lines)).toBe(2 * 8995 + 4999);
    expect(cartTotal([])).toBe(0);
    expect(itemCount(lines)).toBe(3);
  });
});

describe('money in the cart', () => {
  it('uses the spec cart format for whole-pound catalogues', () => {
    expect(formatCartAmount(cartTotal([line(hotTub, 2)]), cartOn)).toBe('£17.990,00');
    expect(formatCartAmount(4999, cartOn)).toBe('£4.999,00');
  });
  it('divides by 100 in pence mode', () => {
    expect(formatCartAmount(799, pence)).toBe('£7,99');
    expect(formatCartAmount(3 * 799 + 6999, pence)).toBe('£93,96');
    expect(formatCartAmount(123456, pence)).toBe('£1.234,56');
  });
});

describe('repriceLines', () => {
  it('takes the catalogue price and title, and drops products that are gone or not for sale', () => {
    const stored = [
      { ...line(hotTub, 2), price: 1, title: 'Old name' },
      line(sunbeach, 1),
      { id: 77, title: 'Discontinued', price: 100, quantity: 1 },
      { id: 1001, title: 'Aqua Trainer 12', price: 19995, quantity: 1 },
    ];
    const result = repriceLines(stored, [hotTub, sunbeach, swimSpa], cartOn);
    expect(result.lines).toEqual([line(hotTub, 2), line(sunbeach, 1)]);
    expect(result.repriced).toEqual(['Oasis Serenity']);
    expect(result.removed).toEqual(['Discontinued', 'Aqua Trainer 12']);
  });
  it('empties the cart when the client has no cart', () => {
    expect(repriceLines([line(hotTub, 1)], [hotTub], cartOff).lines).toEqual([]);
  });
});

describe('renderCartTable', () => {
  it('is plain table markup with the lines, escaped titles and the goods subtotal', () => {
    const html = renderCartTable(
      [line(hotTub, 2), { id: 5, title: 'Tub <b>&</b> "Co"', price: 100, quantity: 1 }],
      cartOn,
    );
    expect(html).toBe(
      '<table><thead><tr><th>Product</th><th>Qty</th><th>Price</th></tr></thead><tbody>' +
        '<tr><td>Oasis Serenity</td><td>2</td><td>£17.990,00</td></tr>' +
        '<tr><td>Tub &lt;b&gt;&amp;&lt;/b&gt; &quot;Co&quot;</td><td>1</td><td>£100,00</td></tr>' +
        '</tbody><tfoot><tr><th>Subtotal</th><td></td><td>£18.090,00</td></tr></tfoot></table>',
    );
    expect(html).not.toMatch(/<\w+\s[^>]*>/);
  });
  it('leaves the subtotal row out when the e-mail prints the money lines itself', () => {
    const html = renderCartTable([line(hotTub, 1)], cartOn, { subtotalRow: false });
    expect(html).not.toContain('tfoot');
    expect(html).not.toContain('Total');
    expect(html).toContain('<td>Oasis Serenity</td><td>1</td><td>£8.995,00</td>');
  });
  it('honours pence mode', () => {
    expect(renderCartTable([{ id: 1, title: 'Oil', price: 799, quantity: 2 }], pence)).toContain(
      '<td>£15,98</td>',
    );
  });
});
