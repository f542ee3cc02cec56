// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientConfigSchema, type ClientConfig } from '@common/client-config';
import type { HomeBlock } from '@common/content';
import { siteTextQueryKey } from '@common/page-data';
import { publicPartOf, siteTextOf } from '@common/site-text';
import { screenLoading } from '@/components/screen-loading';
import { ClientContext } from '@/lib/client-context';
import { createRequestQueryClient, RequestQueryClient } from '@/lib/query-provider';
import HomePage from './home-page';

function seedClient(code: string): ClientConfig {
  const file = resolve(import.meta.dirname, `../../../../seed/clients/${code}.json`);
  return clientConfigSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The home page as the server sends it: the page's record, and the site text seeded. */
function renderHome(client: ClientConfig, home: HomeBlock[] = client.home) {
  const queries = createRequestQueryClient();
  queries.setQueryData(siteTextQueryKey, { ...siteTextOf(client), home });
  return render(
    <RequestQueryClient.Provider value={queries}>
      <ClientContext.Provider value={publicPartOf(client)}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </ClientContext.Provider>
    </RequestQueryClient.Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the home page without its site text (an in-app move from a page without it)', () => {
  it("shows the screen's loading line, then the blocks the API answers", async () => {
    const client = seedClient('RRB');
    const fetch = vi.fn(async () => Response.json({ ...client, hostNames: [] }));
    vi.stubGlobal('fetch', fetch);
    render(
      <RequestQueryClient.Provider value={createRequestQueryClient()}>
        <ClientContext.Provider value={publicPartOf(client)}>
          <MemoryRouter>
            <Suspense fallback={screenLoading}>
              <HomePage />
            </Suspense>
          </MemoryRouter>
        </ClientContext.Provider>
      </RequestQueryClient.Provider>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      client.welcome.heading,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});

describe('home blocks', () => {
  it('shows the blocks in the order the record lists them', () => {
    const client = seedClient('PI');
    renderHome(client, [
      { type: 'notice', heading: 'Open late', text: 'Thursdays until 8pm.' },
      { type: 'welcome' },
      {
        type: 'callout',
        heading: 'Join the programme',
        text: 'Twelve weeks.',
        link: { text: 'Find out more', to: '/about' },
      },
    ]);
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      'Open late',
      client.welcome.heading,
      'Join the programme',
    ]);
    expect(screen.getByRole('link', { name: 'Find out more' }).getAttribute('href')).toBe('/about');
  });

  it('offers Book Online in the welcome to a client that takes bookings, and only then', () => {
    const salon = seedClient('RRB');
    expect(salon.booking).toBeDefined();
    renderHome(salon);
    expect(screen.getByRole('link', { name: 'Book Online' }).getAttribute('href')).toBe('/booking');
    cleanup();
    renderHome({ ...salon, booking: undefined });
    expect(screen.queryByRole('link', { name: 'Book Online' })).toBeNull();
  });

  it("shows the welcome's own call to action", () => {
    const travel = seedClient('JS');
    // The welcome alone: jsdom has no matchMedia for the slider's reduced-motion check.
    renderHome(
      travel,
      travel.home.filter((block) => block.type === 'welcome'),
    );
    expect(screen.getByRole('link', { name: 'My Story' }).getAttribute('href')).toBe('/about');
  });

  it('draws a row of pictures from the media folder, under its heading when it has one', () => {
    const client = seedClient('SE');
    renderHome(client, [
      { type: 'welcome' },
      {
        type: 'imageRow',
        heading: 'Awards',
        style: 'badges',
        pictures: [{ file: 'awards/award-1.jpeg', alt: 'Dealer of the year' }],
      },
    ]);
    const awards = screen.getByRole('region', { name: 'Awards' });
    const picture = awards.querySelector('img');
    expect(picture?.getAttribute('src')).toBe('/media/SE/awards/award-1.jpeg');
    expect(picture?.getAttribute('alt')).toBe('Dealer of the year');
    expect(picture?.getAttribute('width')).toBe('320');
    // Offered as the set stored beside the drawn badge, as wide as a badge is shown.
    const avif = awards.querySelector('picture source[type="image/avif"]');
    expect(avif?.getAttribute('srcset')).toBe('/media/SE/awards/award-1-320.avif 320w');
    expect(avif?.getAttribute('sizes')).toMatch(/25vw/);
  });

  it('draws the image-with-text banner', () => {
    renderHome(seedClient('AMS'), [
      { type: 'welcome' },
      {
        type: 'banner',
        heading: 'Data you can trust',
        paragraphs: ['One model, one set of numbers.'],
        picture: { file: 'banner.jpeg', alt: 'A dashboard on a laptop' },
        link: { text: 'How we work', to: '/approach' },
      },
    ]);
    const banner = screen.getByRole('region', { name: 'Data you can trust' });
    expect(banner.textContent).toContain('One model, one set of numbers.');
    expect(screen.getByRole('img', { name: 'A dashboard on a laptop' }).getAttribute('src')).toBe(
      '/media/AMS/banner.jpeg',
    );
  });

  it('leaves out a block type this build does not know', () => {
    const client = seedClient('PI');
    const unknown = { type: 'countdown' } as unknown as HomeBlock;
    renderHome(client, [{ type: 'welcome' }, unknown]);
    expect(document.querySelector('.home')?.children).toHaveLength(1);
  });
});
