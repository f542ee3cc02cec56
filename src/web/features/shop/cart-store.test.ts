// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { maxQuantityPerLine, type CartLine } from '@common/cart-rules';
import { cartStorageKey, createCartStore, followOtherTabs } from './cart-store';

const serenity: CartLine = { id: 2, title: 'Oasis Serenity', price: 8995, quantity: 2 };
const breeze: CartLine = { id: 201, title: 'Sunbeach Breeze', price: 4999, quantity: 1 };

function stored(code: string): unknown {
  return JSON.parse(localStorage.getItem(cartStorageKey(code)) ?? 'null');
}

describe('the cart store', () => {
  beforeEach(() => localStorage.clear());

  it('adds lines and merges the same product into one line', () => {
    const cart = createCartStore('SE');
    expect(cart.getState().add(serenity).ok).toBe(true);
    expect(cart.getState().add(breeze).ok).toBe(true);
    expect(cart.getState().add({ ...serenity, quantity: 1 }).ok).toBe(true);
    expect(cart.getState().lines).toEqual([{ ...serenity, quantity: 3 }, breeze]);
  });

  it('refuses invalid quantities and leaves the cart unchanged', () => {
    const cart = createCartStore('SE');
    cart.getState().add(serenity);
    for (const quantity of [0, -1, 1.5, 100000, Number.NaN]) {
      expect(cart.getState().add({ ...breeze, quantity }).ok).toBe(false);
      expect(cart.getState().changeQuantity(2, quantity).ok).toBe(false);
    }
    expect(cart.getState().add({ ...serenity, quantity: maxQuantityPerLine }).ok).toBe(false);
    expect(cart.getState().lines).toEqual([serenity]);
  });

  it('replaces the whole cart, changes a quantity, removes a line and clears', () => {
    const cart = createCartStore('SE');
    cart.getState().add(serenity);
    cart.getState().replace([breeze, { ...breeze, quantity: 2 }]);
    expect(cart.getState().lines).toEqual([{ ...breeze, quantity: 3 }]);
    expect(cart.getState().changeQuantity(201, '5').ok).toBe(true);
    expect(cart.getState().lines).toEqual([{ ...breeze, quantity: 5 }]);
    cart.getState().add(serenity);
    cart.getState().remove(201);
    expect(cart.getState().lines).toEqual([serenity]);
    cart.getState().clear();
    expect(cart.getState().lines).toEqual([]);
  });

  it('persists to local storage under a key per client and reads it back', async () => {
    const cart = createCartStore('SE');
    cart.getState().add(serenity);
    expect(stored('SE')).toMatchObject({ state: { lines: [serenity] } });
    expect(localStorage.getItem(cartStorageKey('BBG'))).toBeNull();

    const afterReload = createCartStore('SE');
    await afterReload.persist.rehydrate();
    expect(afterReload.getState().lines).toEqual([serenity]);

    const otherClient = createCartStore('BBG');
    await otherClient.persist.rehydrate();
    expect(otherClient.getState().lines).toEqual([]);
  });

  it('ignores a tampered or broken stored cart', async () => {
    localStorage.setItem(
      cartStorageKey('SE'),
      JSON.stringify({
        state: {
          lines: [serenity, { ...breeze, quantity: -4 }, { id: 'x', title: 1 }],
          orderAttemptKey: null,
        },
        version: 1,
      }),
    );
    const cart = createCartStore('SE');
    await cart.persist.rehydrate();
    expect(cart.getState().lines).toEqual([]);

    localStorage.setItem(
      cartStorageKey('SE'),
      JSON.stringify({
        state: { lines: [serenity, { ...breeze, quantity: -4 }], orderAttemptKey: null },
        version: 1,
      }),
    );
    await cart.persist.rehydrate();
    expect(cart.getState().lines).toEqual([serenity]);

    localStorage.setItem(cartStorageKey('SE'), '{not json');
    const broken = createCartStore('SE');
    await broken.persist.rehydrate();
    expect(broken.getState().lines).toEqual([]);
  });

  it('follows a change made in another tab', async () => {
    const thisTab = createCartStore('SE');
    const stop = followOtherTabs(thisTab, 'SE', window);
    const otherTab = createCartStore('SE');
    otherTab.getState().add(breeze);
    expect(thisTab.getState().lines).toEqual([]);
    window.dispatchEvent(new StorageEvent('storage', { key: cartStorageKey('SE') }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(thisTab.getState().lines).toEqual([breeze]);
    stop();
  });

  it('re-pricing an unchanged cart writes nothing, so it cannot put back an older copy', () => {
    const cart = createCartStore('SE');
    cart.getState().add(serenity);
    // Another tab's newer cart reaches storage; this tab has not read it yet.
    const newer = {
      state: { lines: [{ ...serenity, quantity: 3 }], orderAttemptKey: null },
      version: 1,
    };
    localStorage.setItem(cartStorageKey('SE'), JSON.stringify(newer));
    cart
      .getState()
      .applyCatalogue([{ id: 2, title: 'Oasis Serenity', price: 8995, category: 'oasis' }], {
        usesCart: true,
        pricesInPence: false,
      });
    expect(stored('SE')).toEqual(newer);
  });

  it('re-prices lines from the catalogue and drops what is no longer sold', () => {
    const cart = createCartStore('SE');
    cart.getState().replace([{ ...serenity, price: 1 }, breeze]);
    const result = cart
      .getState()
      .applyCatalogue([{ id: 2, title: 'Oasis Serenity', price: 8995, category: 'oasis' }], {
        usesCart: true,
        pricesInPence: false,
      });
    expect(result.removed).toEqual(['Sunbeach Breeze']);
    expect(cart.getState().lines).toEqual([serenity]);
  });

  it('keeps one order key until the cart changes or is cleared', () => {
    const cart = createCartStore('SE');
    cart.getState().add(serenity);
    const key = cart.getState().orderKey();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(cart.getState().orderKey()).toBe(key);
    cart.getState().add(breeze);
    const next = cart.getState().orderKey();
    expect(next).not.toBe(key);
    cart.getState().clear();
    expect(cart.getState().orderAttemptKey).toBeNull();
  });
});
