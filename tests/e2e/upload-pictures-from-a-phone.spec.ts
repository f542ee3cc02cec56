import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { phone, signedInOwner } from './back-office';
import { expectNoAxeViolations } from './axe';
import { expect, openAs, startSiteServer, test } from './fixtures';

const photo = (background: string, format: 'jpeg' | 'png') => {
  const picture = sharp({ create: { width: 1200, height: 900, channels: 3, background } });
  return (format === 'png' ? picture.png() : picture.jpeg()).toBuffer();
};

/**
 * Issue 31: on a phone, an owner uploads three photos at once in the picture chooser, sees each
 * one's progress, places one in the home page's row of pictures with its description and
 * publishes; a visitor sees it. Its own server: publishing changes the shared site's pages.
 */
test('an owner uploads three photos at once from a phone and places one on the home page', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'highstreet-pictures-e2e-'));
  const port = Number(process.env.E2E_PORT_BASE ?? 4400) + 70 + testInfo.parallelIndex;
  const env = { DATA_DIR: dataDir, SQLITE_FILE: join(dataDir, 'highstreet.sqlite') };
  const server = await startSiteServer(port, env);
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  try {
    const owner = await context.newPage();
    await signedInOwner(owner, { ...server, sqliteFile: env.SQLITE_FILE }, 'BBG');
    await owner.getByRole('link', { name: 'Site content' }).first().click();
    await owner.getByRole('button', { name: 'Pages and blocks' }).click();
    const firstPicture = owner
      .getByRole('group', { name: /^2\. Row of pictures/ })
      .getByRole('group', { name: 'Picture 1' });
    await firstPicture.getByRole('button', { name: 'Change picture' }).click();
    const chooser = owner.getByRole('dialog', { name: 'Picture: choose a picture' });

    await chooser.getByLabel('Upload photos').setInputFiles([
      { name: 'sign.jpg', mimeType: 'image/jpeg', buffer: await photo('#c33', 'jpeg') },
      { name: 'window.png', mimeType: 'image/png', buffer: await photo('#3c3', 'png') },
      { name: 'counter.jpg', mimeType: 'image/jpeg', buffer: await photo('#33c', 'jpeg') },
    ]);
    const uploads = chooser.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    await expect(uploads).toHaveCount(3);
    for (const name of ['sign.jpg', 'window.png', 'counter.jpg']) {
      const upload = uploads.filter({ hasText: name });
      await expect(upload.getByRole('progressbar', { name: `Upload of ${name}` })).toBeVisible();
      await expect(upload).toContainText('Uploaded', { timeout: 30_000 });
      await expect(upload.getByRole('progressbar')).toHaveAttribute('value', '100');
    }
    const uploaded = chooser.getByRole('radio', { name: /^Uploaded picture \d/ });
    await expect(uploaded).toHaveCount(3);

    await expectNoAxeViolations(owner, { within: 'dialog[open]' });
    await owner.screenshot({ path: testInfo.outputPath('chooser-390.png') });

    // The description is asked for: placing a picture without one is refused at the field.
    await chooser.getByRole('radio', { name: /^Uploaded picture 2,/ }).check();
    const alt = chooser.getByLabel('Describe the picture for people who cannot see it');
    await alt.fill('');
    await chooser.getByRole('button', { name: 'Use this picture' }).click();
    await expect(alt).toHaveAccessibleDescription(/Describe the picture: screen readers say/);
    const words = 'The shop window with the new hair-care shelf';
    await alt.fill(words);
    await chooser.getByRole('button', { name: 'Use this picture' }).click();
    await expect(chooser).toBeHidden();
    await expect(firstPicture.getByText(`Shows: ${words}`)).toBeVisible();

    await owner.getByRole('button', { name: 'Publish' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();

    // Unused uploads can be deleted; the placed one is marked in use and offers no delete.
    await owner.getByRole('button', { name: 'Pages and blocks' }).click();
    await firstPicture.getByRole('button', { name: 'Change picture' }).click();
    await expect(chooser.getByText('In use on the site')).toHaveCount(1);
    await chooser.getByRole('button', { name: /^Delete uploaded picture 3,/ }).click();
    await expect(chooser.getByRole('status')).toHaveText(
      'The picture was deleted from your library.',
    );
    await expect(uploaded).toHaveCount(2);
    await chooser.getByRole('button', { name: 'Cancel' }).click();

    const visitor = await browser.newPage({ baseURL: server.baseURL });
    await openAs(visitor, 'BBG', '/');
    const placed = visitor.getByRole('img', { name: words });
    await expect(placed).toBeVisible();
    await expect(
      visitor.locator('picture', { has: placed }).locator('source').first(),
    ).toHaveAttribute('srcset', /\/library\/m-[0-9a-f]{12}-320\.avif 320w/);
    expect(await placed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await visitor.close();
  } finally {
    await server.stop().catch(() => undefined);
    await context.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
