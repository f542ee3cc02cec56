import sharp from 'sharp';
import { desktop, expectNoAxeViolations, phone, signedInOwner } from './back-office';
import { expect, openAs, test } from './fixtures';

test('an owner changes a product’s price and picture; a visitor sees both at once', async ({
  page,
  site,
  browser,
}) => {
  const product = (await (
    await page.request.get(`${site.baseURL}/api/products/201?client=SE`)
  ).json()) as { title: string } | { data: { title: string } };
  const title = 'data' in product ? product.data.title : product.title;

  const context = await browser.newContext({ baseURL: site.baseURL, viewport: phone });
  const owner = await context.newPage();
  try {
    await signedInOwner(owner, site, 'SE');
    await openAs(owner, 'SE', '/manage/products');
    await expectNoAxeViolations(owner);
    await owner.setViewportSize(desktop);
    await expectNoAxeViolations(owner);

    const form = owner.getByRole('form', { name: title });
    await form.getByLabel(/^Price/).fill('7777');
    await form.getByRole('button', { name: `Save ${title}` }).click();
    await expect(form.getByText('Saved. The site shows the change now.')).toBeVisible();

    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#2a7' },
    })
      .jpeg()
      .toBuffer();
    await owner
      .getByRole('form', { name: title })
      .getByLabel(/^New cover picture/)
      .setInputFiles({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(
      owner.getByRole('form', { name: title }).getByText('Picture uploaded.'),
    ).toBeVisible();
  } finally {
    await context.close();
  }

  // The visitor, in a browser of their own, sees the new price and the uploaded picture.
  await openAs(page, 'SE', '/product/201');
  await expect(page.getByText(/7[.,]?777|77[.,]77/).first()).toBeVisible();
  const avif = page.locator('picture source[type="image/avif"]').first();
  await expect(avif).toHaveAttribute('srcset', /\/uploads\/p201-[0-9a-f]+-320\.avif 320w/);
  const main = page.locator('picture img').first();
  await expect(main).toHaveAttribute('width', '1200');
  await expect(main).toHaveAttribute('height', '900');
  expect(await main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
    true,
  );
});
