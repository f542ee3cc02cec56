import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { clientCodes, expect, openAs, test } from './fixtures';

/**
 * Issue 15: every client has a privacy notice at /privacy, reached from its footer and from every
 * form that collects personal details, readable and axe-clean on a phone and a desktop.
 */
/** The form's link to the notice opens it in a new tab, so the form keeps what was typed. */
async function expectPrivacyLink(page: Page, scope: ReturnType<Page['locator']>) {
  const link = scope.getByRole('link', { name: /privacy notice/ });
  await expect(link).toHaveAttribute('href', '/privacy');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toContainText('(opens in a new tab)');
}

for (const code of clientCodes) {
  test(`${code}'s footer links its privacy notice, which names the business and how to ask for deletion`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const client = (await (await request.get(`/api/client?client=${code}`)).json()) as {
      title: string;
      email: string;
      usesCart: boolean;
      booking?: unknown;
    };
    await openAs(page, code);
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Privacy' })
      .click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy notice');
    await expect(page).toHaveTitle(`Privacy notice | ${client.title}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: client.email }).first()).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Your rights' })).toBeVisible();
    await expect(main.getByText(/delete them/).first()).toBeVisible();
    await expect(main.getByRole('link', { name: 'ico.org.uk/make-a-complaint' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Orders' })).toHaveCount(
      client.usesCart ? 1 : 0,
    );
    await expect(main.getByRole('heading', { name: 'Bookings' })).toHaveCount(
      client.booking ? 1 : 0,
    );
    if (client.usesCart) await expect(main.getByText('6 years, as HMRC requires')).toBeVisible();
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, { where: `${code} /privacy at ${viewport.width}px` });
    }
    expect(consoleErrors).toEqual([]);
  });
}

test('the contact, footer, travel, checkout and booking forms link the privacy notice', async ({
  page,
}) => {
  await openAs(page, 'PHEC', '/contact');
  await expectPrivacyLink(page, page.getByRole('main'));
  // PHEC's footer has the contact form too (on every page but /contact).
  await openAs(page, 'PHEC', '/');
  await expectPrivacyLink(page, page.getByRole('contentinfo'));

  await openAs(page, 'JS', '/travelbooking');
  await expectPrivacyLink(page, page.getByRole('form', { name: 'Travel enquiry' }));

  await openAs(page, 'SE', '/product/2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await openAs(page, 'SE', '/checkout');
  await expectPrivacyLink(page, page.getByRole('main'));

  await openAs(page, 'RRB', '/booking');
  await page.getByRole('button', { name: 'Nails' }).click();
  await page.getByRole('checkbox').first().check();
  const tomorrow = new Date(Date.now() + 7 * 86_400_000);
  // A Tuesday to Saturday, when the salon is open.
  while ([0, 1].includes(tomorrow.getUTCDay())) tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  await page
    .getByRole('textbox', { name: 'Date', exact: true })
    .fill(tomorrow.toISOString().slice(0, 10));
  await page
    .getByRole('group', { name: /Available times on/ })
    .getByRole('radio')
    .first()
    .check();
  await page.getByRole('button', { name: 'Next' }).click();
  const consent = page.locator('label[for="booking-consent"]');
  await expectPrivacyLink(page, consent);
  await expectNoAxeViolations(page, { where: 'RRB booking details' });
});
