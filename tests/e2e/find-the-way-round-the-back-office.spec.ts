import type { Page } from '@playwright/test';
import { desktop, expectNoAxeViolations, phone, signedInOwner } from './back-office';
import { expect, openAs, test } from './fixtures';

// Issue 31: the back office has a design of its own. Every screen, at a phone's 390 px and a
// desktop's 1280 px, has no axe violations, and its menu never wraps into rows: a bar of tabs at
// the foot of a phone (Home, the three screens used most, More), a side bar on a wide screen.

const screens = {
  RRB: [
    '',
    'diary',
    'diary?view=week',
    'diary?add=1',
    'hours',
    'treatments',
    'staff',
    'calendar-feeds',
    'reviews',
    'content',
    'outbox',
    'audit',
  ],
  // The shop's own screens; the ones it shares with the salon are the same code.
  SE: ['', 'orders', 'products', 'shop-categories', 'payments'],
} as const;

const tabs = {
  RRB: {
    bar: ['Home', 'Diary', 'Treatments', 'Content'],
    more: [
      'Hours',
      'Staff',
      'Calendar feeds',
      'Customers',
      'Reviews',
      'E-mails',
      'Visits',
      'Reports',
      'Payments',
      'Morning e-mail',
      'Team',
      'Audit',
    ],
  },
  SE: {
    bar: ['Home', 'Orders', 'Products', 'Content'],
    more: [
      'Shop categories',
      'Shop settings',
      'Discount codes',
      'Customers',
      'Reviews',
      'E-mails',
      'Visits',
      'Reports',
      'Payments',
      'Morning e-mail',
      'Team',
      'Audit',
    ],
  },
} as const;

// The side bar's links, group by group under the groups' headings.
const sideBar = {
  RRB: [
    'Home',
    'Diary',
    'Hours',
    'Treatments',
    'Staff',
    'Calendar feeds',
    'Customers',
    'Reviews',
    'Site content',
    'E-mails',
    'Visits',
    'Reports',
    'Payments',
    'Morning e-mail',
    'Team',
    'Audit',
  ],
  SE: [
    'Home',
    'Orders',
    'Products',
    'Shop categories',
    'Shop settings',
    'Discount codes',
    'Customers',
    'Reviews',
    'Site content',
    'E-mails',
    'Visits',
    'Reports',
    'Payments',
    'Morning e-mail',
    'Team',
    'Audit',
  ],
} as const;

const groupHeadings = {
  RRB: ['Bookings', 'Customers', 'Your site', 'Business'],
  SE: ['Shop', 'Customers', 'Your site', 'Business'],
} as const;

/** The boxes of the menu's links and buttons, as drawn. */
async function menuBoxes(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Back office' });
  const items = menu.locator('a, button');
  const boxes = [];
  for (const item of await items.all()) boxes.push((await item.boundingBox())!);
  return { menu, boxes };
}

async function expectMenuFits(page: Page, width: number, code: keyof typeof tabs) {
  const { menu, boxes } = await menuBoxes(page);
  if (width === phone.width) {
    await expect(menu.locator(':scope > ul > li')).toHaveText([...tabs[code].bar, 'More']);
    // One row: every tab starts at the same height, and the bar fits the screen's width.
    expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
    expect(Math.max(...boxes.map((box) => box.x + box.width))).toBeLessThanOrEqual(width);
    const bar = (await menu.boundingBox())!;
    expect(bar.height).toBeLessThan(90);
    expect(bar.y + bar.height).toBeLessThanOrEqual(phone.height + 1);
  } else {
    await expect(menu.getByRole('link')).toHaveText([...sideBar[code]]);
    await expect(menu.locator('.manage-nav__group-label')).toHaveText([...groupHeadings[code]]);
    // Each group's list is named by its heading.
    await expect(menu.getByRole('list', { name: 'Business' }).getByRole('link')).toHaveText([
      'Reports',
      'Payments',
      'Morning e-mail',
      'Team',
      'Audit',
    ]);
    // A column: one left edge, and no label wrapped onto a second line.
    expect(new Set(boxes.map((box) => Math.round(box.x))).size).toBe(1);
    for (const box of boxes) expect(box.height).toBeLessThan(50);
  }
}

for (const code of ['RRB', 'SE'] as const) {
  // One test per width, so the two run at once on two workers.
  for (const viewport of [phone, desktop]) {
    test(`every back-office screen of ${code} is axe-clean at ${viewport.width} px, with a menu in ${viewport === phone ? 'one row' : 'one column'}`, async ({
      page,
      site,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signedInOwner(page, site, code);
      for (const path of screens[code]) {
        await openAs(page, code, `/manage${path ? `/${path}` : ''}`);
        await expectNoAxeViolations(page);
        await expectMenuFits(page, viewport.width, code);
      }
      if (viewport !== phone) return;

      // On a phone, More opens the other screens above the bar; Escape closes it again.
      const more = page.getByRole('button', { name: 'More' });
      await more.click();
      const menu = page.getByRole('navigation', { name: 'Back office' });
      await expect(menu.locator('#manage-more').getByRole('link')).toHaveText([...tabs[code].more]);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await expect(more).toBeFocused();
      await more.click();
      await menu.getByRole('link', { name: 'E-mails' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
      await expect(menu.locator('#manage-more')).toHaveCount(0);
      // The screen open is one of More's: the bar marks More as where the owner is.
      await expect(more).toHaveAttribute('data-current', '');
    });
  }
}
