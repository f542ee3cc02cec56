import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { desktop, expectNoAxeViolations, phone, signedInOwner } from './back-office';
import { expect, test, type SiteServer } from './fixtures';
import { addToCart, fillCheckout } from './shop-steps';

/** A visitor in a browser of their own, on a phone. */
async function visitor(browser: Browser, site: SiteServer) {
  const context = await browser.newContext({ baseURL: site.baseURL, viewport: phone });
  return { page: await context.newPage(), close: () => context.close() };
}

/** The visitor's cart with one of the product, at checkout with their details typed. */
async function readyToOrder(page: Page, productId: number, name: string): Promise<void> {
  await addToCart(page, productId, '1');
  await page.getByRole('link', { name: 'Check out' }).click();
  await fillCheckout(page, name, 'EH12 5AB');
}

/**
 * Issue 35: the owner adds a product with one in stock and a discount code on the back-office
 * screens; two visitors order it at the same moment; one gets it, the other is told on the page
 * with everything typed kept; the owner changes the order's status and the customer is e-mailed.
 */
test('the last one in stock sells once, and its buyer hears of the status change', async ({
  browser,
  site,
}) => {
  // Two visitors and an owner on a shared, busy machine; axe twice.
  test.setTimeout(150_000);
  const stamp = Date.now() % 1_000_000;
  const title = `Last Lagoon ${stamp}`;
  const code = `LAST${stamp}`;

  const ownerContext = await browser.newContext({ baseURL: site.baseURL, viewport: phone });
  const owner = await ownerContext.newPage();
  const [first, second] = [await visitor(browser, site), await visitor(browser, site)];
  try {
    await signedInOwner(owner, site, 'SE');
    await owner.goto('/manage/products');
    await owner.getByText('Add a product', { exact: true }).click();
    const add = owner.getByRole('form', { name: 'Add a product' });
    await add.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await add.getByLabel(/^Price/).fill('2500');
    await add.getByRole('combobox', { name: 'Category', exact: true }).selectOption('oasis');
    await add.getByRole('combobox', { name: 'Stock', exact: true }).selectOption('count');
    await add.getByLabel('How many are in stock').fill('1');
    await add.getByRole('button', { name: 'Add the product' }).click();
    // Its editor opens next, the product hidden until the owner shows it.
    await expect(owner).toHaveURL(/\?edit=\d+$/);
    const productId = Number(new URL(owner.url()).searchParams.get('edit'));
    // A product is shown with a picture: the owner's photo from the phone.
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#1a6' },
    })
      .jpeg()
      .toBuffer();
    const pictures = owner.getByRole('group', { name: `Pictures of ${title}` });
    await pictures
      .getByLabel(/^New cover picture/)
      .setInputFiles({ name: 'lagoon.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(
      pictures.getByRole('list', { name: 'Uploads' }).getByRole('listitem'),
    ).toContainText('Uploaded');
    // The first picture of a product is kept as it arrives: nothing is left to save.
    await expect(
      pictures.getByRole('button', { name: `Save pictures of ${title}` }),
    ).toBeDisabled();
    await owner.getByRole('button', { name: 'Show on the site' }).click();
    await expect(owner.getByRole('button', { name: 'Hide from the site' })).toBeVisible();
    await owner.setViewportSize(desktop);
    await expectNoAxeViolations(owner);
    await owner.setViewportSize(phone);

    await owner.goto('/manage/discount-codes');
    await owner.getByRole('button', { name: 'Add a code' }).click();
    const codeForm = owner.getByRole('form', { name: 'Add a code' });
    await codeForm.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await codeForm.getByLabel(/^Value/).fill('10');
    await codeForm.getByRole('button', { name: 'Save the code' }).click();
    await expect(owner.getByText(code, { exact: true })).toBeVisible();

    // Both visitors have it in their cart, details typed; the first applies the owner's code.
    await readyToOrder(first.page, productId, `First Fiona ${stamp}`);
    await first.page.getByLabel('Discount code').fill(code);
    await first.page.getByRole('button', { name: 'Apply code' }).click();
    await expect(first.page.getByRole('button', { name: 'Remove code' })).toBeVisible();
    await readyToOrder(second.page, productId, `Second Sam ${stamp}`);

    // Both press Order at once: exactly one order is taken.
    await Promise.all(
      [first, second].map((v) => v.page.getByRole('button', { name: 'Order' }).click()),
    );
    const outcome = (page: Page) =>
      page
        .getByText(/Your order number is SE-\d{6}/)
        .or(page.getByRole('alert').filter({ hasText: title }));
    await Promise.all([first, second].map((v) => expect(outcome(v.page)).toBeVisible()));
    const won = await Promise.all(
      [first, second].map((v) => v.page.getByText(/Your order number is SE-\d{6}/).isVisible()),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const [winner, loser] = won[0] ? [first, second] : [second, first];
    const winnerName = won[0] ? `First Fiona ${stamp}` : `Second Sam ${stamp}`;
    const loserName = won[0] ? `Second Sam ${stamp}` : `First Fiona ${stamp}`;
    const orderNumber = /SE-\d{6}/.exec(
      (await winner.page.getByText(/Your order number is/).textContent()) ?? '',
    )![0];
    // The refusal names the product; what the visitor typed is all still there.
    await expect(loser.page).toHaveURL(/\/checkout$/);
    await expect(loser.page.getByRole('alert').filter({ hasText: title })).toBeVisible();
    await expect(loser.page.getByLabel('Name')).toHaveValue(loserName);
    await expect(loser.page.getByLabel('Postcode')).toHaveValue('EH12 5AB');
    await expect(loser.page.getByLabel('Address')).toHaveValue('12 Loch View, EH12 5AB');
    // Ordering again takes it out of the cart; then Order says there is nothing to send, and the
    // details still stay.
    await loser.page.getByRole('button', { name: 'Order' }).click();
    await expect(loser.page.getByText(/Sorry, that sold out a moment ago/)).toBeVisible();
    await loser.page.getByRole('button', { name: 'Order' }).click();
    await expect(
      loser.page.getByRole('alert').filter({ hasText: 'Your cart is empty' }),
    ).toBeVisible();
    await expect(loser.page.getByLabel('Name')).toHaveValue(loserName);

    // The owner finds the order, checks the screen at 1280 px, and tells the customer.
    await owner.goto('/manage/orders');
    await owner.setViewportSize(desktop);
    const card = owner.getByRole('listitem').filter({ hasText: orderNumber });
    await expect(card).toContainText(winnerName);
    await expectNoAxeViolations(owner);
    await owner.setViewportSize(phone);
    await card.getByRole('link', { name: orderNumber }).click();
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
    await owner.getByLabel('New status').selectOption('contacted');
    await owner.getByLabel('E-mail the customer about this change').check();
    await owner.getByRole('button', { name: 'Show the e-mail…' }).click();
    const preview = owner.getByRole('region', { name: 'The e-mail to the customer' });
    await expect(preview).toContainText(orderNumber);
    const message = owner.getByLabel('Message to the customer');
    const words = `Your ${title} is reserved for you.`;
    await message.fill(`${await message.inputValue()}\n${words}`);
    // The owner sees the edited e-mail before it goes.
    await owner.getByRole('button', { name: 'Show the e-mail…' }).click();
    await expect(owner.getByRole('region', { name: 'The e-mail to the customer' })).toContainText(
      words,
    );
    await owner.getByRole('button', { name: 'Save and send the e-mail' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'Saved: Contacted.' })).toBeVisible();
    const told = await site.smtp.waitFor((m) => m.raw.includes(words));
    expect(told.to).toContain('customer@example.com');
    expect(told.raw).toContain(orderNumber);
  } finally {
    await Promise.all([ownerContext.close(), first.close(), second.close()]);
  }
});
