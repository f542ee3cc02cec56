import type { Page } from '@playwright/test';
import type { ClientConfig } from '../../src/common/client-config';
import { clientCodes, expect, openAs, test } from './fixtures';

/** Headings of the public-site screens; other features' screens only need a real heading. */
function expectedHeading(client: ClientConfig, route: string): string | null {
  const headings: Record<string, string> = {
    '/': client.welcome.heading,
    '/about': client.about.heading,
    '/team': 'Meet the team',
    '/reviews': client.reviewTitle || 'Reviews',
    '/joinus': 'Join Us',
    '/nails': 'Nails & Waxing',
    '/galleries': 'Gallery',
    '/services': 'Our services',
    '/work': 'Our previous work',
    '/client': 'Working with our clients',
    '/hub': 'Data hub and skills hub',
    '/tech': 'Technology',
    '/approach': 'Our approach',
    '/faqs': 'Frequently asked questions',
    '/cookies': 'Cookies',
    '/documentation': 'Instructions and manuals',
  };
  return headings[route] ?? null;
}

async function readClient(page: Page, code: string): Promise<ClientConfig> {
  const response = await page.request.get(`/api/client?client=${code}`);
  return (await response.json()) as ClientConfig;
}

async function mainMenuLinks(page: Page, client: ClientConfig) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (client.menuType === 'hamburger') {
    const toggle = nav.getByRole('button', { name: 'Menu' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  return nav.getByRole('link');
}

for (const code of clientCodes) {
  test(`${code}: every menu entry leads to a screen with its heading, without console errors`, async ({
    page,
    consoleErrors,
  }) => {
    const client = await readClient(page, code);
    await openAs(page, code);
    const logo = page.getByRole('banner').getByRole('img', { name: `${client.title} home` });
    await expect(logo).toHaveAttribute('src', `/media/${code}/logo.svg`);
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const links = await mainMenuLinks(page, client);
    const entries = await links.evaluateAll((anchors) =>
      anchors.map((a) => ({
        text: a.textContent ?? '',
        route: new URL((a as HTMLAnchorElement).href).pathname,
      })),
    );
    expect(entries.length).toBeGreaterThan(2);

    // From screen to screen by the menu, as a visitor goes: the menu is the same on every screen.
    for (const entry of entries) {
      const link = (await mainMenuLinks(page, client)).filter({ hasText: entry.text }).first();
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === entry.route);
      const heading = page.getByRole('heading', { level: 1 });
      const expected = expectedHeading(client, entry.route);
      if (expected) await expect(heading).toHaveText(expected);
      else {
        await expect(heading).toBeVisible();
        await expect(heading).not.toHaveText('Page not found');
      }
    }
    for (const route of ['/cookies', '/faqs']) {
      await page
        .getByRole('navigation', { name: 'Footer' })
        .getByRole('link', { name: route === '/faqs' ? 'FAQs' : 'Cookies' })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        expectedHeading(client, route)!,
      );
    }
    expect(consoleErrors).toEqual([]);
  });
}

test('the retailer header has its fixed links and its footer the spec details', async ({
  page,
}) => {
  await openAs(page, 'SE');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const links = nav.getByRole('link');
  await expect(links).toHaveText([
    'Home',
    'Cart',
    'Oasis spas',
    'Sunbeach spas',
    'Swim spas',
    'Instructions',
    'Contact us',
  ]);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(['/', '/cart', '/oasis', '/sunbeach', '/spas', '/documentation', '/about']);
  await expect(
    page.getByRole('img', { name: 'Spa Escapes Scotland home' }).first(),
  ).toHaveAttribute('src', '/media/SE/logo.svg');

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('© 2022 Spa Escapes Scotland');
  await expect(footer).toContainText(
    "Scotland's premier hot tub retailer and an Oasis Spa stockist",
  );
  await expect(footer).toContainText('VAT number: GB 318 4729 56');
  await expect(footer.getByRole('link', { name: /Chat with us on WhatsApp/ })).toHaveAttribute(
    'href',
    'https://wa.me/447700900418',
  );
  await expect(footer.getByRole('link', { name: '0131 496 0418' })).toHaveAttribute(
    'href',
    'tel:+441314960418',
  );
  await expect(footer.getByRole('link', { name: 'hello@spaescapes-scotland.co.uk' })).toBeVisible();
});

test('a cart link shows only for clients with a cart, and the business header has Contact Us', async ({
  page,
}) => {
  await openAs(page, 'JS');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /cart|basket/i })).toHaveCount(0);

  await openAs(page, 'BBG');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Basket' })).toHaveAttribute(
    'href',
    '/cart',
  );

  await openAs(page, 'AMS');
  await expect(page.getByRole('banner').getByRole('link', { name: /cart|basket/i })).toHaveCount(0);
  const contactUs = page.getByRole('banner').getByRole('link', { name: 'Contact Us', exact: true });
  await expect(contactUs).toHaveAttribute('href', '/contact');
});

test('the travel client menu is exactly the spec list', async ({ page }) => {
  await openAs(page, 'JS');
  await page.getByRole('button', { name: 'Menu' }).click();
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(links).toHaveText([
    'Home',
    'My Story',
    'Meet the team',
    'Travel Enquiry',
    'Join Us',
    'Testimonials',
  ]);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(['/', '/about', '/team', '/travelbooking', '/joinus', '/reviews']);
});

test('footers show the copyright year of their layout and the PI footer its social links', async ({
  page,
}) => {
  await openAs(page, 'JS');
  await expect(page.getByRole('contentinfo')).toContainText('© 2023 Jet Set Travel Club');
  await openAs(page, 'RRB');
  await expect(page.getByRole('contentinfo')).toContainText('© 2025 Ruby Rose Beauty');
  await openAs(page, 'PI');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('The Vault, 41 Constitution Street, Leith, Edinburgh EH6 7BG');
  await expect(footer.getByRole('link', { name: '0131 496 0214' })).toBeVisible();
  for (const network of ['Facebook', 'Instagram', 'X (Twitter)', 'YouTube', 'LinkedIn']) {
    await expect(
      footer.getByRole('link', { name: new RegExp(`^${network.replace(/[()]/g, '\\$&')}`) }),
    ).toBeVisible();
  }
  await openAs(page, 'PHEC');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /^Facebook/ })).toHaveCount(
    0,
  );
});

test('each home page shows its blurb and sections in the spec order', async ({ page }) => {
  await openAs(page, 'SE');
  const seHeadings = page.getByRole('main').getByRole('heading');
  await expect(seHeadings).toHaveText([
    "Customer service that doesn't stop at delivery",
    'Awards',
    'Featured product',
    'Oasis Serenity',
  ]);
  await expect(page.getByRole('region', { name: 'Awards' }).getByRole('img')).toHaveCount(4);
  await page.getByRole('link', { name: /See More/ }).click();
  await expect(page).toHaveURL(/\/product\/2$/);

  await openAs(page, 'BBG');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
  await expect(
    page.getByRole('img', { name: /shop front|braiding hair|grocery aisle/ }),
  ).toHaveCount(3);
  await expect(page.getByRole('complementary', { name: 'Vapes' })).toContainText('Challenge 25');
  await expect(page.getByRole('link', { name: /See More/ })).toHaveAttribute('href', '/product/2');

  await openAs(page, 'PHEC');
  await expect(page.getByRole('region', { name: /^Pictures from/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See all our services' })).toHaveAttribute(
    'href',
    '/services',
  );
  const ticker = page.getByRole('region', { name: 'News from Pristine Home Exterior Cleaning' });
  await expect(
    ticker.getByRole('listitem').filter({ hasText: 'Fully insured to £5 million' }).first(),
  ).toBeVisible();

  await openAs(page, 'JS');
  await expect(page.getByRole('region', { name: /^Pictures from/ })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'My Story' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Story');

  for (const code of ['RRB', 'PI', 'AMS']) {
    await openAs(page, code);
    await expect(page.getByRole('region', { name: /^Pictures from/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /See More/ })).toHaveCount(0);
  }
});

test('the ticker can be paused and then reads as a still list', async ({ page }) => {
  await openAs(page, 'PHEC');
  const ticker = page.getByRole('region', { name: 'News from Pristine Home Exterior Cleaning' });
  const track = ticker.locator('.ticker__track');
  await expect
    .poll(() => track.evaluate((el) => getComputedStyle(el).animationName))
    .toBe('ticker-scroll');
  await ticker.getByRole('button', { name: 'Pause news' }).click();
  await expect(ticker.getByRole('button', { name: 'Play news' })).toBeVisible();
  expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await expect(ticker.getByRole('listitem')).toHaveCount(6);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openAs(page, 'PHEC');
  await expect(ticker.getByRole('button')).toHaveCount(0);
  expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
});

test('about shows contact details when allowed, and the travel client its story instead', async ({
  page,
}) => {
  await openAs(page, 'SE', '/about');
  await expect(page.getByRole('heading', { name: 'Contact us', level: 2 })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: /Chat with us on WhatsApp/ }),
  ).toBeVisible();
  await openAs(page, 'JS', '/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Story');
  await expect(page.getByText("Hi, I'm Joanne")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact us', level: 2 })).toHaveCount(0);
  await openAs(page, 'BBG', '/about');
  await expect(page.getByRole('heading', { name: 'Contact us', level: 2 })).toHaveCount(0);
});

test('the content screens show their content', async ({ page, consoleErrors }) => {
  await openAs(page, 'SE', '/documentation');
  for (const name of [/Keypad manual/, /Control-panel manual/]) {
    const href = await page.getByRole('link', { name }).getAttribute('href');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
  // The clip is not filmed yet (issue 15): its poster says so, and there is no player to fail.
  await openAs(page, 'RRB', '/nails');
  await expect(page.getByText('Video coming soon')).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  await openAs(page, 'PHEC', '/services');
  for (const group of ['Domestic cleaning', 'Commercial cleaning', 'Roof cleaning']) {
    await expect(page.getByRole('heading', { name: group })).toBeVisible();
  }
  await openAs(page, 'PHEC', '/work');
  await expect(page.getByRole('img')).not.toHaveCount(0);
  await openAs(page, 'JS', '/joinus');
  await expect(
    page.getByRole('main').getByRole('link', { name: 'joanne@jetsettravelclub.co.uk' }),
  ).toHaveAttribute('href', /^mailto:joanne@jetsettravelclub\.co\.uk/);
  await openAs(page, 'JS', '/team');
  await expect(
    page.getByText('Sorry this page is under constructon, please check back in a few days...'),
  ).toBeVisible();
  await openAs(page, 'JS', '/login');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await openAs(page, 'SE', '/order/success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Thank you, your order is with us',
  );
  expect(consoleErrors).toEqual([]);
});
