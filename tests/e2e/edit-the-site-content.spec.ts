import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { desktop, expectNoAxeViolations, phone, signedInOwner } from './back-office';
import { expect, openAs, startSiteServer, test } from './fixtures';

/**
 * Issue 19: an owner changes the welcome text, a product's price and its picture, previews and
 * publishes; a visitor in another browser sees it at once — with the page cache on — and after
 * the server restarts on the same database too.
 */
test('an owner edits the welcome text, price and picture; a visitor sees them at once and after a restart', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'highstreet-content-e2e-'));
  const port = Number(process.env.E2E_PORT_BASE ?? 4400) + 40 + testInfo.parallelIndex;
  const env = {
    DATA_DIR: dataDir,
    SQLITE_FILE: join(dataDir, 'highstreet.sqlite'),
    // The page cache on, as in production: publishing must drop the cached pages.
    PAGE_CACHE_MB: '32',
  };
  const heading = 'Hot tubs delivered and fitted this week';
  let server = await startSiteServer(port, env);
  const site = { ...server, sqliteFile: env.SQLITE_FILE };
  const visitorContext = await browser.newContext({ baseURL: server.baseURL });
  const ownerContext = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  try {
    const visitor = await visitorContext.newPage();
    await openAs(visitor, 'SE', '/');
    const before = await visitor.getByRole('heading', { level: 1 }).textContent();
    expect(before).not.toBe(heading);

    const owner = await ownerContext.newPage();
    await signedInOwner(owner, site, 'SE');
    await owner.getByRole('link', { name: 'Site content' }).first().click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible();
    await expectNoAxeViolations(owner);
    await owner.screenshot({ path: testInfo.outputPath('content-390.png'), fullPage: false });

    // A mistake is named beside its field, from the shared rules, and nothing is saved.
    const welcomeHeading = owner.getByLabel('Welcome heading');
    await welcomeHeading.fill('');
    await owner.getByRole('button', { name: 'Save draft' }).click();
    await expect(owner.getByRole('region', { name: 'Not saved yet' })).toContainText(
      'Welcome (home page) › Welcome heading: must not be empty',
    );
    await expect(welcomeHeading).toHaveAttribute('aria-invalid', 'true');
    await expect(welcomeHeading).toHaveAccessibleDescription(/must not be empty/);
    await expectNoAxeViolations(owner);

    await welcomeHeading.fill(heading);
    await owner.getByRole('button', { name: 'Save draft' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();

    // The pages editor, at desktop width: every block of the home page, the banner among the kinds.
    await owner.setViewportSize(desktop);
    await owner.getByRole('button', { name: 'Pages and blocks' }).click();
    await expect(owner.getByRole('group', { name: /^1\. Welcome/ })).toBeVisible();
    await expect(
      owner.getByLabel('Block to add to the home page').getByRole('option', {
        name: 'Picture with text (banner)',
      }),
    ).toHaveCount(1);
    await expectNoAxeViolations(owner);
    await owner.screenshot({
      path: testInfo.outputPath('content-pages-1280.png'),
      fullPage: false,
    });

    // The preview shows the draft to this owner, marked; the visitor still sees the published site.
    const preview = await ownerContext.newPage();
    await preview.goto(
      (await owner.getByRole('link', { name: 'Preview the draft' }).getAttribute('href'))!,
    );
    await expect(preview.getByText('Preview — not published')).toBeVisible();
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(heading);
    await preview.screenshot({ path: testInfo.outputPath('preview-390.png') });
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(before!);

    // Back to the owner's tab: the preview, opened last, is in front, and a tab behind it gets no
    // animation frames, which a click waits for (22 s here before).
    await owner.bringToFront();
    await owner.getByRole('button', { name: 'Publish' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();

    // The price and picture through the products screen.
    await owner.setViewportSize(phone);
    await openAs(owner, 'SE', '/manage/products');
    const product = (await (
      await visitor.request.get(`${server.baseURL}/api/products/201?client=SE`)
    ).json()) as { title: string };
    await owner.getByRole('link', { name: `Edit ${product.title}` }).click();
    const form = owner.getByRole('form', { name: product.title });
    await form.getByLabel(/^Price/).fill('8888');
    await form.getByRole('button', { name: `Save ${product.title}` }).click();
    await expect(form.getByText('Saved. The site shows the change now.')).toBeVisible();
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#c52' },
    })
      .jpeg()
      .toBuffer();
    const pictures = owner.getByRole('group', { name: `Pictures of ${product.title}` });
    await pictures
      .getByLabel(/^New cover picture/)
      .setInputFiles({ name: 'tub.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(pictures.getByText('Picture uploaded: tub.jpg.')).toBeVisible();

    // The visitor, in another browser context, sees all three at once.
    const seesTheChanges = async () => {
      await openAs(visitor, 'SE', '/');
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(visitor.getByText('Preview — not published')).toHaveCount(0);
      await openAs(visitor, 'SE', '/product/201');
      await expect(visitor.getByText(/8[.,]?888|88[.,]88/).first()).toBeVisible();
      await expect(visitor.locator('picture source[type="image/avif"]').first()).toHaveAttribute(
        'srcset',
        /\/uploads\/p201-[0-9a-f]+-320\.avif 320w/,
      );
    };
    await seesTheChanges();

    // A restart on the same database: the seed does not put the old words back.
    await server.stop().catch(() => undefined);
    server = await startSiteServer(port, env);
    await seesTheChanges();
  } finally {
    // The server first: a retry starts its own on the same port.
    await server.stop().catch(() => undefined);
    await visitorContext.close();
    await ownerContext.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
