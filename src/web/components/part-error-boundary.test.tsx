// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from '@/lib/preloadable';
import { PartErrorBoundary } from './part-error-boundary';
import { ScreenErrorBoundary } from '@/app/screen-error-boundary';

afterEach(cleanup);

describe('PartErrorBoundary', () => {
  it('keeps the page around a lazy part whose chunk cannot load, and says so in its place', async () => {
    // A chunk that fails as a lost connection makes it fail; React logs the caught error.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const part = preloadable<object>(() => Promise.reject(new TypeError('Failed to fetch')));
    await act(async () => {
      render(
        <ScreenErrorBoundary>
          <header>The site's header</header>
          <PartErrorBoundary fallback={<p>The message form could not load.</p>}>
            <Suspense fallback={null}>
              <part.Component />
            </Suspense>
          </PartErrorBoundary>
        </ScreenErrorBoundary>,
      );
      await part.preload().catch(() => undefined);
    });
    expect(await screen.findByText('The message form could not load.')).toBeTruthy();
    expect(screen.getByText("The site's header")).toBeTruthy();
    expect(screen.queryByText(/Sorry, this page is not available/)).toBeNull();
  });
});
