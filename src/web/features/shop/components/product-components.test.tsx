// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { clientConfigSchema, type ClientConfig } from '@common/client-config';
import { ClientContext } from '@/lib/client-context';
import type { Product } from '@common/catalogue';
import { ProductCard } from './product-card';
import { ProductDescription } from './product-description';
import { ProductPrice } from './product-price';
import { PurchasePanel } from './purchase-panel';

function seedClient(code: string): ClientConfig {
  const file = resolve(import.meta.dirname, `../../../../../seed/clients/${code}.json`);
  return clientConfigSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

const hotTub: Product = {
  id: 2,
  title: 'Oasis Serenity',
  price: 8995,
  category: 'oasis',
  blurb: '<p>Family tub</p>',
  picture: '/media/SE/pics/2/cover.jpeg',
  listingPictures: [],
};
const swimSpa: Product = {
  ...hotTub,
  id: 1001,
  title: 'Aqua Trainer 12',
  category: 'spas',
  saleMode: 'enquire',
};

function renderAs(client: ClientConfig, ui: React.ReactNode) {
  return render(
    <ClientContext.Provider value={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </ClientContext.Provider>,
  );
}

afterEach(cleanup);

describe('ProductDescription', () => {
  // Sanitising happens on the server (src/server/sanitise-html.test.ts); the browser shows the
  // HTML it is given as HTML.
  it('keeps ordinary formatting from the catalogue', () => {
    const { container } = renderAs(
      seedClient('SE'),
      <ProductDescription html="<ul><li><strong>Seats:</strong> 5</li></ul>" />,
    );
    expect(container.querySelector('ul li strong')?.textContent).toBe('Seats:');
  });
});

describe('PurchasePanel (spec section 6)', () => {
  it('offers a quantity field and Add to cart for a hot tub when the cart is on', () => {
    renderAs(seedClient('SE'), <PurchasePanel product={hotTub} />);
    expect(screen.getByLabelText('Quantity')).toHaveProperty('value', '1');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });

  it('offers only the contact button for a swim spa', () => {
    const client = seedClient('SE');
    renderAs(client, <PurchasePanel product={swimSpa} />);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    const contact = screen.getByRole('link', { name: `Contact us at ${client.email}` });
    expect(contact.getAttribute('href')).toMatch(new RegExp(`^mailto:${client.email}\\?`));
  });

  it('offers only the contact button with the shop e-mail for every product when the cart is off', () => {
    const client = seedClient('JS');
    expect(client.usesCart).toBe(false);
    for (const product of [hotTub, swimSpa]) {
      renderAs(client, <PurchasePanel product={product} />);
      expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
      expect(screen.queryByLabelText('Quantity')).toBeNull();
      expect(screen.getByRole('link', { name: `Contact us at ${client.email}` })).toBeTruthy();
      cleanup();
    }
  });
});

describe('ProductPrice', () => {
  it('says "Starting from" before a swim spa price, and not before a hot tub price', () => {
    renderAs(seedClient('SE'), <ProductPrice product={swimSpa} />);
    expect(screen.getByText('Starting from').parentElement?.textContent).toBe(
      'Starting from £8,995.00',
    );
    cleanup();
    renderAs(seedClient('SE'), <ProductPrice product={hotTub} />);
    expect(screen.queryByText(/Starting from/)).toBeNull();
    expect(screen.getByText('£8,995.00')).toBeTruthy();
  });

  it('divides by 100 for a pence-mode client', () => {
    const grocer = seedClient('BBG');
    expect(grocer.pricesInPence).toBe(true);
    renderAs(grocer, <ProductPrice product={{ ...hotTub, price: 799 }} />);
    expect(screen.getByText('£7.99')).toBeTruthy();
  });
});

describe('ProductCard pictures', () => {
  it('offers an uploaded cover as AVIF, WebP and JPEG in every stored width, with its size', () => {
    const uploaded: Product = {
      ...hotTub,
      picture: '/media/SE/uploads/p2-abc-900.jpeg',
      pictureSet: {
        path: '/media/SE/uploads/p2-abc',
        width: 900,
        height: 600,
        widths: [320, 640, 900],
      },
    };
    const { container } = renderAs(
      seedClient('SE'),
      <ProductCard product={uploaded} first={false} />,
    );
    const sources = [...container.querySelectorAll('picture source')];
    expect(sources.map((s) => [s.getAttribute('type'), s.getAttribute('srcset')])).toEqual([
      [
        'image/avif',
        '/media/SE/uploads/p2-abc-320.avif 320w, /media/SE/uploads/p2-abc-640.avif 640w, /media/SE/uploads/p2-abc-900.avif 900w',
      ],
      [
        'image/webp',
        '/media/SE/uploads/p2-abc-320.webp 320w, /media/SE/uploads/p2-abc-640.webp 640w, /media/SE/uploads/p2-abc-900.webp 900w',
      ],
    ]);
    const img = container.querySelector('picture img')!;
    expect(img.getAttribute('src')).toBe('/media/SE/uploads/p2-abc-900.jpeg');
    expect(img.getAttribute('srcset')).toContain('/media/SE/uploads/p2-abc-320.jpeg 320w');
    expect(img.getAttribute('sizes')).toBeTruthy();
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['900', '600']);
  });

  it('offers a drawn seed cover through the set stored beside it, keeping its own file as src', () => {
    const { container } = renderAs(seedClient('SE'), <ProductCard product={hotTub} first />);
    const avif = container.querySelector('picture source[type="image/avif"]')!;
    expect(avif.getAttribute('srcset')).toBe(
      '/media/SE/pics/2/cover-320.avif 320w, /media/SE/pics/2/cover-640.avif 640w, /media/SE/pics/2/cover-800.avif 800w',
    );
    const img = container.querySelector('picture img')!;
    expect(img.getAttribute('src')).toBe('/media/SE/pics/2/cover.jpeg');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '600']);
    // The first card's picture is the list's largest paint: fetched at once, first.
    expect([img.getAttribute('loading'), img.getAttribute('fetchpriority')]).toEqual([
      'eager',
      'high',
    ]);
  });
});
