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

  // A long journey (axe three times, uploads) on a shared, busy machine.
  test.setTimeout(150_000);
  const context = await browser.newContext({ baseURL: site.baseURL, viewport: phone });
  const owner = await context.newPage();
  try {
    await signedInOwner(owner, site, 'SE');
    await openAs(owner, 'SE', '/manage/products');
    await expectNoAxeViolations(owner);
    await owner.setViewportSize(desktop);
    await expectNoAxeViolations(owner);

    await owner.getByRole('link', { name: `Edit ${title}` }).click();
    const form = owner.getByRole('form', { name: title });
    await form.getByLabel(/^Price/).fill('7777');
    await form.getByRole('button', { name: `Save ${title}` }).click();
    await expect(form.getByText('Saved. The site shows the change now.')).toBeVisible();

    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#2a7' },
    })
      .jpeg()
      .toBuffer();
    const pictures = owner.getByRole('group', { name: `Pictures of ${title}` });
    await pictures
      .getByLabel(/^New cover picture/)
      .setInputFiles({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: photo });
    // Picked while the cover uploads: queued behind it, not refused as someone else's change.
    // A file that is not a picture is refused with a message the owner can act on.
    await pictures.getByLabel('Add pictures after the others').setInputFiles([
      { name: 'second.jpg', mimeType: 'image/jpeg', buffer: photo },
      {
        name: 'notes.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('not a photo\n'.repeat(10)),
      },
    ]);
    const uploads = pictures.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    await expect(uploads.filter({ hasText: 'phone.jpg' })).toContainText('Uploaded');
    await expect(uploads.filter({ hasText: 'second.jpg' })).toContainText('Uploaded');
    await expect(pictures.getByRole('alert')).toHaveText(
      'Not uploaded: This file is not a picture; upload a JPEG, PNG, WebP or AVIF file.',
    );

    // Describe the new cover, and with the keyboard move the second picture first; focus stays on it.
    await pictures
      .getByLabel('Describe it for people who cannot see it')
      .first()
      .fill('Green tub at dusk');
    const earlier = pictures.getByRole('button', { name: 'Earlier, picture 2' });
    await earlier.focus();
    await owner.keyboard.press('Enter');
    await expect(pictures.getByRole('button', { name: 'Later, picture 1' })).toBeFocused();
    await expect(pictures.getByRole('status')).toHaveText(/Picture moved to place 1 of \d+/);
    await owner.keyboard.press('Enter');
    await expect(pictures.getByRole('button', { name: 'Later, picture 2' })).toBeFocused();
    await pictures.getByRole('button', { name: `Save pictures of ${title}` }).click();
    await expect(pictures.getByText('Pictures saved. The site shows them now.')).toBeVisible();

    await owner.setViewportSize(phone);
    await expectNoAxeViolations(owner);
    await pictures.screenshot({ path: test.info().outputPath('pictures-390.png') });

    // Back on the list, the product moves down the site's list with the keyboard; focus follows it.
    await owner.getByRole('link', { name: '← All products' }).click();
    await expect(owner.getByRole('link', { name: `Edit ${title}` })).toBeFocused();
    const down = owner.getByRole('button', { name: `Move down, ${title}` });
    await down.focus();
    await owner.keyboard.press('Enter');
    await expect(
      owner.getByText(new RegExp(`^${title} is now number \\d+ of \\d+\\.$`)),
    ).toBeVisible();
    await expect(down).toBeFocused();

    await owner.screenshot({ path: test.info().outputPath('products-390.png'), fullPage: false });
    await owner.setViewportSize(desktop);
    await owner.screenshot({ path: test.info().outputPath('products-1280.png'), fullPage: false });
  } finally {
    await context.close();
  }

  // The visitor, in a browser of their own, sees the new price and the uploaded picture.
  await openAs(page, 'SE', '/product/201');
  await expect(page.getByText(/7[.,]?777|77[.,]77/).first()).toBeVisible();
  const avif = page.locator('picture source[type="image/avif"]').first();
  await expect(avif).toHaveAttribute('srcset', /\/uploads\/p201-[0-9a-f]+-320\.avif 320w/);
  const main = page.getByRole('img', { name: 'Green tub at dusk' });
  await expect(main).toHaveAttribute('width', '1200');
  await expect(main).toHaveAttribute('height', '900');
  await expect
    .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
    .toMatch(/-\d+\.avif$/);
});
