import { describe, expect, it } from 'vitest';
import { buildHeaderMenu, isCurrentRoute, retailerMenu } from './menu-entries';

const travelMenu = [
  { route: '/', display: 'Home' },
  { route: '/about', display: 'My Story' },
];

describe('buildHeaderMenu', () => {
  it('gives the retailer its fixed links whatever is configured', () => {
    const menu = buildHeaderMenu({ headerType: 'SE', menuItems: travelMenu, usesCart: true });
    expect(menu.entries.map((e) => e.route)).toEqual([
      '/',
      '/cart',
      '/oasis',
      '/sunbeach',
      '/spas',
      '/documentation',
      '/about',
    ]);
    expect(menu.showCartLink).toBe(false);
  });

  it('drops the cart link from the retailer menu when its cart is off', () => {
    const menu = buildHeaderMenu({ headerType: 'SE', menuItems: [], usesCart: false });
    expect(menu.entries).toHaveLength(retailerMenu.length - 1);
    expect(menu.entries.some((e) => e.route === '/cart')).toBe(false);
    expect(menu.showCartLink).toBe(false);
  });

  it('uses the configured items for other layouts', () => {
    const menu = buildHeaderMenu({ headerType: '3bar', menuItems: travelMenu, usesCart: false });
    expect(menu.entries).toEqual(travelMenu);
    expect(menu.showCartLink).toBe(false);
  });

  it('adds a cart link for a cart client whose menu lacks one, and only then', () => {
    expect(
      buildHeaderMenu({ headerType: 'Min', menuItems: travelMenu, usesCart: true }).showCartLink,
    ).toBe(true);
    const withBasket = [...travelMenu, { route: '/cart', display: 'Basket' }];
    expect(
      buildHeaderMenu({ headerType: 'Min', menuItems: withBasket, usesCart: true }).showCartLink,
    ).toBe(false);
  });

  it('shows the Contact Us button only on the business header', () => {
    expect(
      buildHeaderMenu({ headerType: 'DQ', menuItems: [], usesCart: false }).showContactButton,
    ).toBe(true);
    for (const headerType of ['SE', 'Min', 'PI', '3bar'] as const) {
      expect(
        buildHeaderMenu({ headerType, menuItems: [], usesCart: false }).showContactButton,
      ).toBe(false);
    }
  });
});

describe('isCurrentRoute', () => {
  it('matches home only exactly and other routes by prefix segment', () => {
    expect(isCurrentRoute('/', '/')).toBe(true);
    expect(isCurrentRoute('/', '/about')).toBe(false);
    expect(isCurrentRoute('/about', '/about')).toBe(true);
    expect(isCurrentRoute('/product', '/products')).toBe(false);
  });
});
