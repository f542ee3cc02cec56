import { useStore, type Mutate, type StoreApi } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import * as z from 'zod/mini';
import {
  addLine,
  changeQuantity,
  normaliseLines,
  removeLine,
  repriceLines,
  type CartChange,
  type CartClient,
  type CartLine,
  type CartProduct,
  type RepriceResult,
} from '@common/cart-rules';
import { useClient } from '@/lib/client-context';
import { newIdempotencyKey } from '@/lib/idempotency-key';

export interface CartState {
  lines: CartLine[];
  /**
   * The idempotency key of the order being checked out. It lives as long as the cart's contents
   * do, so a retry after a lost answer cannot send the same order twice; any change resets it.
   */
  orderAttemptKey: string | null;
  /** What the last re-pricing changed, for the notice on the cart and checkout pages. */
  lastReprice: RepriceResult | null;
  add: (line: CartLine) => CartChange;
  replace: (lines: CartLine[]) => void;
  changeQuantity: (id: number, quantity: string | number) => CartChange;
  remove: (id: number) => void;
  clear: () => void;
  /** Re-prices every line from the catalogue (DESIGN.md: never trust a stored price). */
  applyCatalogue: (catalogue: readonly CartProduct[], client: CartClient) => RepriceResult;
  /** The current order attempt's key, created on first use. */
  orderKey: () => string;
}

/** The store with its persist API (rehydrate after another tab writes). */
export type CartStore = Mutate<StoreApi<CartState>, [['zustand/persist', unknown]]>;

/** One key per client, so two shops served from one host name never share a cart. */
export function cartStorageKey(clientCode: string): string {
  return `highstreet-cart-${clientCode}`;
}

// What we read back from storage is input from outside: validate it before it reaches the page.
const storedCartSchema = z.object({
  lines: z.catch(
    z.array(
      z.object({
        id: z.number().check(z.int(), z.positive()),
        title: z.string().check(z.maxLength(300)),
        price: z.number().check(z.nonnegative()),
        quantity: z.number(),
      }),
    ),
    [],
  ),
  orderAttemptKey: z.catch(z.nullable(z.string().check(z.maxLength(100))), null),
});

function sameLines(a: readonly CartLine[], b: readonly CartLine[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Storage that writes the cart only when what is kept of it changed since this tab last read or
 * wrote it. zustand's persist writes on every change of the store, also of what is not kept (the
 * last re-pricing): a tab that re-priced an unchanged cart wrote its copy again, and when another
 * tab had just changed the cart, that older copy replaced the change in both (seen in the browser
 * journey "follows another tab" under load).
 */
function writingOnlyChanges(storage: StateStorage): StateStorage {
  let known: string | null | undefined;
  return {
    getItem: (name) => {
      const value = storage.getItem(name);
      if (typeof value === 'string' || value === null) known = value;
      return value;
    },
    setItem: (name, value) => {
      if (value === known) return;
      known = value;
      return storage.setItem(name, value);
    },
    removeItem: (name) => {
      known = null;
      return storage.removeItem(name);
    },
  };
}

export function createCartStore(
  clientCode: string,
  storage: () => StateStorage = () => localStorage,
): CartStore {
  return createStore<CartState>()(
    persist(
      (set, get) => {
        const setLines = (lines: CartLine[]) => {
          if (sameLines(lines, get().lines)) return;
          set({ lines, orderAttemptKey: null });
        };
        return {
          lines: [],
          orderAttemptKey: null,
          lastReprice: null,
          add: (line) => {
            const change = addLine(get().lines, line);
            if (change.ok) setLines(change.lines);
            return change;
          },
          replace: (lines) => setLines(normaliseLines(lines)),
          changeQuantity: (id, quantity) => {
            const change = changeQuantity(get().lines, id, quantity);
            if (change.ok) setLines(change.lines);
            return change;
          },
          remove: (id) => setLines(removeLine(get().lines, id)),
          clear: () => set({ lines: [], orderAttemptKey: null, lastReprice: null }),
          applyCatalogue: (catalogue, client) => {
            const result = repriceLines(get().lines, catalogue, client);
            setLines(result.lines);
            set({ lastReprice: result });
            return result;
          },
          orderKey: () => {
            const existing = get().orderAttemptKey;
            if (existing) return existing;
            const key = newIdempotencyKey();
            set({ orderAttemptKey: key });
            return key;
          },
        };
      },
      {
        name: cartStorageKey(clientCode),
        version: 1,
        storage: createJSONStorage(() => writingOnlyChanges(storage())),
        partialize: (state) => ({ lines: state.lines, orderAttemptKey: state.orderAttemptKey }),
        merge: (persisted, current) => {
          const parsed = storedCartSchema.safeParse(persisted);
          if (!parsed.success) return current;
          return {
            ...current,
            lines: normaliseLines(parsed.data.lines),
            orderAttemptKey: parsed.data.orderAttemptKey,
          };
        },
      },
    ),
  );
}

/** Another tab changed this client's cart: read it again so both tabs show the same cart. */
export function followOtherTabs(store: CartStore, clientCode: string, target: Window): () => void {
  const key = cartStorageKey(clientCode);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) void store.persist.rehydrate();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

const stores = new Map<string, CartStore>();

/** The page's cart for a client: one store per client code, kept in step with other tabs. */
export function getCartStore(clientCode: string): CartStore {
  let store = stores.get(clientCode);
  if (!store) {
    store = createCartStore(clientCode);
    // The server's prerender (no window) renders the empty cart; the browser follows other tabs.
    if (typeof window !== 'undefined') followOtherTabs(store, clientCode, window);
    stores.set(clientCode, store);
  }
  return store;
}

/** Reads the current client's cart in a component. */
export function useCart<T>(selector: (state: CartState) => T): T {
  const client = useClient();
  return useStore(getCartStore(client.name), selector);
}
