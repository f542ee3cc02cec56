import { describe, expect, it } from 'vitest';
import { buildHeaderMenu, retailerMenu, withShopCategories } from './site-menu';

const seedSe = [
  { slug: 'oasis', name: 'Oasis hot tubs' },
  { slug: 'sunbeach', name: 'Sunbeach hot tubs' },
  { slug: 'spas', name: 'Swim spas' },
];

const bbgMenu = [
  { route: '/', display: 'Home' },
  { route: '/products', display: 'Shop All' },
  { route: '/haircare', display: 'Haircare' },
  { route: '/body', display: 'Body' },
  { route: '/contact', display: 'Contact' },
];

const routes = (items: Array<{ route: string }>) => items.map((item) => item.route);

describe('withShopCategories', () => {
  it('keeps the spec’s retailer menu, words and all, for the seed’s categories', () => {
    expect(withShopCategories(retailerMenu, seedSe)).toEqual(retailerMenu);
  });

  it('follows the owner’s order, drops a hidden category and adds a new one', () => {
    const menu = withShopCategories(retailerMenu, [
      { slug: 'spas', name: 'Swim spas' },
      { slug: 'oasis', name: 'Oasis hot tubs' },
      { slug: 'garden-furniture', name: 'Garden furniture' },
    ]);
    expect(menu).toEqual([
      { route: '/', display: 'Home' },
      { route: '/cart', display: 'Cart' },
      { route: '/spas', display: 'Swim spas' },
      { route: '/oasis', display: 'Oasis spas' },
      { route: '/garden-furniture', display: 'Garden furniture' },
      { route: '/documentation', display: 'Instructions' },
      { route: '/about', display: 'Contact us' },
    ]);
  });

  it('says a renamed category’s new name instead of the menu’s own words', () => {
    const menu = withShopCategories(retailerMenu, [{ slug: 'oasis', name: 'Oasis tubs' }]);
    expect(menu.find((item) => item.route === '/oasis')?.display).toBe('Oasis tubs');
  });

  it('replaces a configured menu’s category links where the first of them stood', () => {
    const menu = withShopCategories(bbgMenu, [
      { slug: 'body', name: 'Body care' },
      { slug: 'haircare', name: 'Hair care' },
    ]);
    expect(menu).toEqual([
      { route: '/', display: 'Home' },
      { route: '/products', display: 'Shop All' },
      { route: '/body', display: 'Body' },
      { route: '/haircare', display: 'Haircare' },
      { route: '/contact', display: 'Contact' },
    ]);
  });

  it('puts the categories after /products, else after Home, when the menu has none', () => {
    const shown = [{ slug: 'candles', name: 'Candles' }];
    const noCategories = bbgMenu.filter((item) => !['/haircare', '/body'].includes(item.route));
    expect(routes(withShopCategories(noCategories, shown))).toEqual([
      '/',
      '/products',
      '/candles',
      '/contact',
    ]);
    const homeOnly = [{ route: '/', display: 'Home' }];
    expect(routes(withShopCategories(homeOnly, shown))).toEqual(['/', '/candles']);
    expect(routes(withShopCategories([], shown))).toEqual(['/candles']);
  });

  it('leaves the menu as it is when no categories are shown but none were linked', () => {
    const travel = [{ route: '/about', display: 'My Story' }];
    expect(withShopCategories(travel, [])).toEqual(travel);
  });
});

describe('buildHeaderMenu with the shop’s categories', () => {
  it('lets a shop’s menu follow them, and ignores them without a cart', () => {
    const shown = [{ slug: 'sunbeach', name: 'Sunbeach hot tubs' }];
    const shop = buildHeaderMenu({
      headerType: 'SE',
      menuItems: [],
      usesCart: true,
      shopCategories: shown,
    });
    expect(routes(shop.entries)).toEqual(['/', '/cart', '/sunbeach', '/documentation', '/about']);
    const noShop = buildHeaderMenu({
      headerType: '3bar',
      menuItems: bbgMenu,
      usesCart: false,
      shopCategories: shown,
    });
    expect(noShop.entries).toEqual(bbgMenu);
  });
});
