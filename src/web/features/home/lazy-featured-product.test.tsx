// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { featuredProductWithQueries, LazyFeaturedProduct } from './lazy-featured-product';

// The featured product's chunk cannot load, as when the connection went before it arrived.
vi.mock('./featured-product', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(cleanup);

describe('LazyFeaturedProduct', () => {
  it('says in its own box that it could not load, and does not take the page with it', async () => {
    // React logs the caught error.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      render(
        <main>
          <h1>Welcome</h1>
          <LazyFeaturedProduct productId={2} />
        </main>,
      );
      await featuredProductWithQueries.preload().catch(() => undefined);
    });
    expect(await screen.findByText(/The featured product could not load/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
  });
});
