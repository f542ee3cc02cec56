import type { Page } from '@playwright/test';
import { isBackOfficePath, routeTable } from '../../src/common/routes';
import { expectNoAxeViolations } from './axe';
import { clientCodes, expect, navigateInApp, openAs, test } from './fixtures';

/**
 * The every-route × every-client sweep: axe (WCAG 2.2 A and AA) plus the page frame every
 * screen must have. Journeys with their own axe checks (checkout, booking, enquiry forms,
 * hamburger) live in their feature specs; this file adds the states those do not reach.
 */
const everyPath = [
  ...Object.values(routeTable).map((path) =>
    path.replace(':id', '2').replace(':token', 'A'.repeat(43)),
  ),
  '/this-page-does-not-exist',
];

/** Phones get the screens whose layout differs most from the desktop. */
const phonePaths = [
  '/',
  '/product/2',
  '/products',
  '/cart',
  '/checkout',
  '/booking',
  '/contact',
  '/galleries',
  '/tech',
  '/travelbooking',
  '/this-page-does-not-exist',
];

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** Soft, so one run lists every broken screen rather than stopping at the first. */
function expectAxeClean(page: Page, where: string, within?: string): Promise<void> {
  return expectNoAxeViolations(page, { where, within, soft: true });
}

/** Waits until the screen has its heading and no "Loading…" line is left in the main area. */
async function waitForScreen(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await expect(main).toBeVisible();
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByText(/^Loading\b/)).toHaveCount(0);
}

/**
 * One h1, one main, alt text on every image, aria references that resolve, nothing wider than
 * the screen (WCAG 1.4.10): what axe does not insist on by itself. Read in one round trip.
 */
async function expectPageFrame(page: Page, where: string): Promise<void> {
  const frame = await page.evaluate(() => ({
    h1s: document.querySelectorAll('h1').length,
    mains: document.querySelectorAll('main').length,
    imagesWithoutAlt: [...document.querySelectorAll('img:not([alt])')].map(
      (img) => (img as HTMLImageElement).src,
    ),
    // axe only calls a reference "needs review" when none of its ids exist, so check each id.
    brokenReferences: [
      ...document.querySelectorAll('[aria-labelledby], [aria-describedby], [aria-controls]'),
    ].flatMap((element) =>
      ['aria-labelledby', 'aria-describedby', 'aria-controls'].flatMap((name) =>
        (element.getAttribute(name) ?? '')
          .split(/\s+/)
          .filter((id) => id !== '' && document.getElementById(id) === null)
          .map((id) => `${element.tagName.toLowerCase()} ${name}="${id}"`),
      ),
    ),
    sidewaysOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
  expect.soft(frame.h1s, `h1 count on ${where}`).toBe(1);
  expect.soft(frame.mains, `main count on ${where}`).toBe(1);
  expect.soft(frame.imagesWithoutAlt, `images without alt on ${where}`).toEqual([]);
  expect.soft(frame.brokenReferences, `aria references on ${where}`).toEqual([]);
  expect.soft(frame.sidewaysOverflow, `sideways overflow in px on ${where}`).toBeLessThanOrEqual(0);
}

async function expectSkipLinkMovesFocusToMain(page: Page): Promise<void> {
  // Start the tab order from the top of the document, as a fresh keyboard visit would.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Skip to content' });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
}

/**
 * The main area's shape: every element's tag, class, role, type and the names of its other
 * attributes, and whether it holds text of its own — not the words. Two routes of one client with
 * the same shape (the generic pages, the under-construction screen) are the same screen in the
 * same theme, so axe, the slow part of the sweep, looks at the first of them only; the page frame
 * is still checked on every route.
 */
function mainShape(page: Page): Promise<string> {
  return page.evaluate(() => {
    const kept = new Set(['class', 'role', 'type']);
    // Through the prototype's getters: a form's controls named "children" or "attributes"
    // shadow the element's own properties.
    const get = <T>(name: string) =>
      Object.getOwnPropertyDescriptor(Element.prototype, name)!.get! as (this: Element) => T;
    const childrenOf = get<HTMLCollection>('children');
    const attributesOf = get<NamedNodeMap>('attributes');
    const tagOf = get<string>('tagName');
    const childNodesOf = Object.getOwnPropertyDescriptor(Node.prototype, 'childNodes')!.get! as (
      this: Node,
    ) => NodeListOf<ChildNode>;
    const shape = (element: Element): string => {
      const attributes = [...attributesOf.call(element)]
        .map((a) => (kept.has(a.name) ? `${a.name}=${a.value}` : a.name))
        .sort()
        .join(' ');
      const ownText = [...childNodesOf.call(element)].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      const children = [...childrenOf.call(element)].map(shape).join('');
      return `<${tagOf.call(element)}${attributes ? ` ${attributes}` : ''}${ownText ? ' T' : ''}>${children}</>`;
    };
    return shape(document.querySelector('main') ?? document.body);
  });
}

/**
 * Each route as served (found or not, never an error; a main area with a heading in the HTML),
 * then as shown: the first route loaded, the others reached inside the app as its links reach
 * them, except a route the server redirects (the back office without a session), which is loaded
 * as a visitor's browser follows it, and a route on the other side of the site and back office
 * line, which no link crosses in the app (the other side's frame would still be loading). A page load of each costs Chromium about twice as much, and
 * hydration leaves the same screen the app renders.
 */
async function sweep(page: Page, client: string, paths: readonly string[]): Promise<void> {
  const scannedShapes = new Set<string>();
  for (const [index, path] of paths.entries()) {
    await test.step(`${client} ${path}`, async () => {
      const served = await page.request.get(`${path}?client=${client}`, { maxRedirects: 0 });
      const redirected = served.status() >= 300 && served.status() < 400;
      if (!redirected) {
        // 404 where the client has no such screen (SE has no /haircare): the app shows the same.
        expect.soft([200, 404], `status of ${client} ${path}`).toContain(served.status());
        expect
          .soft(await served.text(), `served main area of ${client} ${path}`)
          .toMatch(/<main\b[^>]*>[\s\S]*<h1\b/);
      }
      const crossesToTheOtherApp =
        index > 0 && isBackOfficePath(path) !== isBackOfficePath(paths[index - 1]!);
      if (index === 0 || redirected || crossesToTheOtherApp) await openAs(page, client, path);
      else await navigateInApp(page, path);
      await waitForScreen(page);
      await expectPageFrame(page, `${client} ${path}`);
      const shape = await mainShape(page);
      if (scannedShapes.has(shape)) return;
      // The first route is scanned whole; the header, menu and footer around the main area are
      // the same on every route of a client, so later ones are scanned in their main area.
      await expectAxeClean(page, `${client} ${path}`, scannedShapes.size > 0 ? 'main' : undefined);
      scannedShapes.add(shape);
    });
  }
}

for (const client of clientCodes) {
  test.describe(`${client} at ${desktop.width}px`, () => {
    test.use({ viewport: desktop });

    test(`every route has no axe violations and a whole page frame`, async ({ page }) => {
      test.setTimeout(150_000);
      await sweep(page, client, everyPath);
      await expectSkipLinkMovesFocusToMain(page);
    });
  });

  test.describe(`${client} at ${phone.width}px`, () => {
    test.use({ viewport: phone });

    test(`the main screens have no axe violations and a working skip link`, async ({ page }) => {
      test.setTimeout(90_000);
      await sweep(page, client, phonePaths);
      await openAs(page, client, '/');
      await waitForScreen(page);
      await expectSkipLinkMovesFocusToMain(page);
    });
  });
}

/** A day RRB takes bookings (Tuesday to Saturday, not a listed closed date) or not, a week on. */
function salonDayAWeekAhead(open: boolean): string {
  const closedDates = ['2026-12-25', '2026-12-26', '2027-01-01'];
  for (let ahead = 7; ; ahead += 1) {
    const day = new Date(Date.now() + ahead * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const isOpen = day.getUTCDay() >= 2 && day.getUTCDay() <= 6 && !closedDates.includes(date);
    if (isOpen === open) return date;
  }
}

/** Where a focused element sits, and whether its focus ring can be seen (WCAG 2.4.7, 1.4.11). */
interface FocusStop {
  label: string;
  region: 'header' | 'main' | 'footer' | 'other';
  inMenuPanel: boolean;
  ringContrast: number;
  ringWidth: number;
  /** Not a Tab stop: a script put focus there (a screen's h1 after navigation, tabindex -1). */
  placedByScript: boolean;
}

async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    // A visually hidden radio shows its ring on the label that follows it.
    const ringOwner =
      element instanceof HTMLInputElement &&
      element.nextElementSibling instanceof HTMLLabelElement &&
      getComputedStyle(element).opacity === '0'
        ? element.nextElementSibling
        : element;
    const style = getComputedStyle(ringOwner);
    const channels = (colour: string) =>
      (colour.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const linear = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    // The ring sits outside the element (outline-offset), so it is drawn on the parent's colour.
    let backdrop = 'rgb(255, 255, 255)';
    for (let node = ringOwner.parentElement; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor;
      const alpha = channels(background)[3];
      if (background !== 'transparent' && (alpha === undefined || alpha > 0.5)) {
        backdrop = background;
        break;
      }
    }
    const ring = luminance(channels(style.outlineColor));
    const behind = luminance(channels(backdrop));
    const ringContrast = (Math.max(ring, behind) + 0.05) / (Math.min(ring, behind) + 0.05);
    const region = element.closest('header')
      ? 'header'
      : element.closest('main')
        ? 'main'
        : element.closest('footer')
          ? 'footer'
          : 'other';
    return {
      label: `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40) || element.getAttribute('aria-label') || element.querySelector('img')?.alt || ((element as HTMLInputElement).labels?.[0]?.textContent ?? '').trim().slice(0, 40)}"`,
      region,
      inMenuPanel: element.closest('.menu-panel') !== null,
      ringContrast: style.outlineStyle === 'none' ? 0 : ringContrast,
      ringWidth: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth),
      placedByScript: element.getAttribute('tabindex') === '-1',
    };
  });
}

/**
 * Presses Tab from the skip link through the footer's last control, checking that every stop
 * shows a ring at least 2px wide with 3:1 contrast. `onStop` may act on a stop (open the menu).
 */
async function walkTabOrderThroughFooter(
  page: Page,
  onStop: (stop: FocusStop) => Promise<void> = async () => {},
): Promise<FocusStop[]> {
  // Blurring would leave Chromium's Tab starting point where focus was, so start on the skip link.
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  const stops: FocusStop[] = [];
  for (let press = 0; press < 200; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    // Past the footer's last control focus leaves the page: the walk is over.
    if (stops.at(-1)?.region === 'footer' && stop.region !== 'footer') break;
    // A late screen can move focus to its h1 mid-walk; Tab carries on from there.
    if (stop.placedByScript) continue;
    stops.push(stop);
    expect.soft(stop.ringWidth, `focus ring width on ${stop.label}`).toBeGreaterThanOrEqual(2);
    expect
      .soft(stop.ringContrast, `focus ring contrast on ${stop.label}`)
      .toBeGreaterThanOrEqual(3);
    await onStop(stop);
  }
  test.info().annotations.push({
    type: 'tab order',
    description: stops.map((stop) => `${stop.region}: ${stop.label}`).join('\n'),
  });
  expect(stops.at(-1)?.region, 'Tab reaches the footer').toBe('footer');
  return stops;
}

test.describe(`keyboard on a ${phone.width}px phone`, () => {
  test.use({ viewport: phone });

  for (const client of ['RRB', 'JS']) {
    test(`${client}: Tab reaches the menu toggle, the menu, the page and the footer, always with a visible ring`, async ({
      page,
    }) => {
      await openAs(page, client, '/');
      await waitForScreen(page);
      await expectSkipLinkMovesFocusToMain(page);
      const toggle = page.getByRole('button', { name: 'Menu' });
      let openedMenu = false;
      const stops = await walkTabOrderThroughFooter(page, async () => {
        if (!openedMenu && (await toggle.evaluate((el) => el === document.activeElement))) {
          await page.keyboard.press('Enter');
          await expect(toggle).toHaveAttribute('aria-expanded', 'true');
          openedMenu = true;
        }
      });
      expect(openedMenu).toBe(true);
      const regions = stops.map((stop) => (stop.inMenuPanel ? 'menu' : stop.region));
      const order = regions.filter((region, i) => region !== regions[i - 1]);
      // Header (contact links, logo, toggle), the open menu's links and its Close
      // button, then the page, then the footer: never back up the page.
      expect(order.indexOf('menu')).toBeGreaterThan(order.indexOf('header'));
      expect(order.indexOf('main')).toBeGreaterThan(order.lastIndexOf('menu'));
      expect(order.indexOf('footer')).toBeGreaterThan(order.indexOf('main'));
      expect(order.filter((region) => region === 'main')).toHaveLength(1);
    });
  }

  test('RRB booking and JS travel forms: every field, box and button shows a visible ring', async ({
    page,
  }) => {
    await openAs(page, 'RRB', '/booking');
    await waitForScreen(page);
    await page.getByRole('button', { name: 'Nails' }).click();
    await page.getByRole('checkbox', { name: /Gel Manicure/ }).check();
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill(salonDayAWeekAhead(true));
    await expect(page.getByRole('group', { name: /Available times on/ })).toBeVisible();
    const bookingStops = await walkTabOrderThroughFooter(page);
    expect(bookingStops.some((stop) => stop.label.startsWith('input'))).toBe(true);

    await openAs(page, 'JS', '/travelbooking');
    await waitForScreen(page);
    const travelStops = await walkTabOrderThroughFooter(page);
    expect(travelStops.some((stop) => stop.label.startsWith('select'))).toBe(true);
  });

  test('the other clients: shop, cart, checkout, slider, ticker, tech stages and footer form show a visible ring', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const screens: Array<[string, string]> = [
      ['SE', '/product/2'],
      ['BBG', '/groceries'],
      ['PHEC', '/'],
      ['PI', '/'],
      ['AMS', '/tech'],
    ];
    for (const [client, path] of screens) {
      await test.step(`${client} ${path}`, async () => {
        await openAs(page, client, path);
        await waitForScreen(page);
        await walkTabOrderThroughFooter(page);
      });
    }
    await test.step('SE cart and checkout', async () => {
      await openAs(page, 'SE', '/product/2');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await walkTabOrderThroughFooter(page);
      await page.getByRole('link', { name: 'Check out' }).click();
      await waitForScreen(page);
      await walkTabOrderThroughFooter(page);
    });
  });
});

test.describe(`forms with their messages showing, on a ${phone.width}px phone`, () => {
  test.use({ viewport: phone });

  test('checkout, booking, contact, footer and travel forms have no axe violations', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await test.step('SE product with a quantity message, then checkout with messages', async () => {
      await openAs(page, 'SE', '/product/2');
      await page.getByLabel('Quantity').fill('0');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please enter a quantity of at least 1.');
      await expectAxeClean(page, 'SE /product/2 with a quantity message');
      await page.getByLabel('Quantity').fill('1');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      // The cart screen loads its code after the address changes: scan it once it is shown.
      await waitForScreen(page);
      await expectAxeClean(page, 'SE /cart with a tub');
      await page.getByRole('link', { name: 'Check out' }).click();
      await page.getByRole('button', { name: 'Order' }).click();
      await expect(page.getByRole('alert')).toHaveCount(3);
      await expectAxeClean(page, 'SE /checkout with messages');
    });

    await test.step('RRB booking: a category open, a closed day, a time, then stage 2 with messages', async () => {
      await openAs(page, 'RRB', '/booking');
      await waitForScreen(page);
      await page.getByRole('button', { name: 'Nails' }).click();
      await page.getByRole('checkbox', { name: /Gel Manicure/ }).check();
      await expectAxeClean(page, 'RRB /booking stage 1 with Nails open');
      const dateField = page.getByRole('textbox', { name: 'Date', exact: true });
      await dateField.fill(salonDayAWeekAhead(false));
      await expect(page.getByText('Please select an alternative day')).toBeVisible();
      await expectAxeClean(page, 'RRB /booking stage 1 on a closed day');
      await dateField.fill(salonDayAWeekAhead(true));
      const times = page.getByRole('group', { name: /Available times on/ });
      await times.getByRole('radio').first().check();
      await expectAxeClean(page, 'RRB /booking stage 1 with a time chosen');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Book', exact: true }).click();
      await expect(page.getByText('Please enter Name')).toBeVisible();
      await expectAxeClean(page, 'RRB /booking stage 2 with messages');
    });

    await test.step('PI contact page, then the footer form, with messages', async () => {
      await openAs(page, 'PI', '/contact');
      await waitForScreen(page);
      await page.getByRole('main').getByRole('button', { name: 'Send' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(3);
      await expectAxeClean(page, 'PI /contact with messages');
      await openAs(page, 'PI', '/about');
      await waitForScreen(page);
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('button', { name: 'Send' }).click();
      await expect(footer.getByRole('alert')).toHaveCount(3);
      await expectAxeClean(page, 'PI footer form with messages');
    });

    await test.step('JS travel enquiry with messages', async () => {
      await openAs(page, 'JS', '/travelbooking');
      await waitForScreen(page);
      await page.getByRole('button', { name: 'Send enquiry' }).click();
      await expect(page.getByRole('alert')).toHaveCount(3);
      await expectAxeClean(page, 'JS /travelbooking with messages');
    });
  });
});
