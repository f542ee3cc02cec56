import type { Locator } from '@playwright/test';
import {
  desktop,
  expectNoAxeViolations,
  ownerApiHeaders,
  phone,
  signedInOwner,
} from './back-office';
import { expect, test } from './fixtures';
import { addToCart } from './shop-steps';

/** The money lines of an order as shown (label and amount per row), to compare two screens. */
async function moneyLines(table: Locator): Promise<string[]> {
  await expect(table.getByRole('row', { name: /^Total/ })).toBeVisible();
  return (await table.getByRole('row').allInnerTexts()).map((row) => row.replace(/\s+/g, ' '));
}

test('a visitor has a tub delivered with a code, the server prices it, and the owner sees the same money', async ({
  page,
  site,
  browser,
}) => {
  // The owner creates a 10% code through the owner API, in a browser of their own.
  const ownerContext = await browser.newContext({ baseURL: site.baseURL, viewport: phone });
  const owner = await ownerContext.newPage();
  await signedInOwner(owner, site, 'SE');
  const code = `TEN${Date.now() % 1_000_000}`;
  const created = await owner.request.post('/api/manage/discount-codes', {
    headers: ownerApiHeaders(owner),
    data: {
      code: {
        code,
        kind: 'percent',
        value: 10,
        minSpendPence: 0,
        startsOn: null,
        endsOn: null,
        totalLimit: null,
        perCustomerLimit: null,
        freeDelivery: false,
        active: true,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  try {
    await page.setViewportSize(phone);
    await addToCart(page, 201, '1');
    await page.getByRole('link', { name: 'Check out' }).click();
    await page.getByLabel('Name').fill('Delivery Dana');
    await page.getByLabel('Email').fill('dana@example.com');
    await page.getByLabel('Phone').fill('07700 900123');
    await page.getByRole('radio', { name: 'Delivery' }).check();
    await page.getByLabel('Postcode').fill('PH1 5AA');
    await page.getByLabel('Address').fill('12 Loch View, Perth');
    await page.getByLabel('Message').fill('Side gate, please.');

    // A wrong code: a clear message on the field, and everything typed stays.
    await page.getByLabel('Discount code').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply code' }).click();
    await expect(page.locator('.discount-code')).toContainText(/code/i);
    await expect(page.getByLabel('Discount code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Name')).toHaveValue('Delivery Dana');
    await expect(page.getByLabel('Postcode')).toHaveValue('PH1 5AA');
    await expect(page.getByLabel('Address')).toHaveValue('12 Loch View, Perth');

    // The connection drops as the code is applied: said on the field, everything typed stays.
    await page.getByLabel('Discount code').fill(code);
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Apply code' }).click();
    await expect(page.locator('.discount-code')).toContainText(/check your connection/i);
    await expect(page.getByLabel('Discount code')).toHaveValue(code);
    await expect(page.getByLabel('Address')).toHaveValue('12 Loch View, Perth');
    await page.context().setOffline(false);

    await page.getByRole('button', { name: 'Apply code' }).click();
    await expect(page.getByRole('button', { name: 'Remove code' })).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Your order' }).getByRole('table');
    await expect(
      summary.getByRole('row', { name: new RegExp(`Discount \\(${code}\\)`) }),
    ).toBeVisible();
    await expect(summary.getByRole('row', { name: /Delivery to PH1 5AA/ })).toBeVisible();
    await expect(summary.getByRole('row', { name: /VAT at 20%/ })).toBeVisible();
    await expect(summary.getByRole('row', { name: /VAT number/ })).toBeVisible();
    const atCheckout = await moneyLines(summary);
    await expect(page.getByText('Nothing is charged now')).toBeVisible();

    await page.setViewportSize(desktop);
    await expectNoAxeViolations(page);
    await page.setViewportSize(phone);

    await page.getByRole('button', { name: 'Order' }).click();
    await expect(page).toHaveURL(/\/order\/success$/);
    const success = page.getByText(/Your order number is SE-\d{6}/);
    await expect(success).toContainText('Nothing is charged now');
    const orderNumber = /SE-\d{6}/.exec((await success.textContent()) ?? '')![0];

    // The owner opens the order: the same lines, as the server priced them.
    await owner.goto('/manage/orders');
    await owner.getByRole('link', { name: orderNumber }).click();
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
    const atOwner = await moneyLines(
      owner
        .getByRole('table')
        .filter({ has: owner.getByRole('row', { name: /^Total/ }) })
        .last(),
    );
    expect(atOwner).toEqual(atCheckout);

    await owner.setViewportSize(desktop);
    for (const screen of ['shop-settings', 'discount-codes']) {
      await owner.goto(`/manage/${screen}`);
      await expect(owner.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(owner);
    }
  } finally {
    await ownerContext.close();
  }
});
