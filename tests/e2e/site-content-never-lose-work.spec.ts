import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations, phone, signedInOwner } from './back-office';
import { expect, openAs, startSiteServer, test } from './fixtures';

interface ContentState {
  published: { content: Record<string, unknown>; version: number };
  draft: { content: Record<string, unknown>; draftVersion: number } | null;
}

const sameSite = (page: Page) => ({
  origin: new URL(page.url()).origin,
  'x-requested-with': 'highstreet',
});

/**
 * Issue 31 on the site-content screen, at 390 px: the server's problem with a field lands on that
 * field with what was typed still in it; an unsaved edit comes back after a reload; a save that
 * another owner's came before shows both versions; a slide's picture is set with the picture
 * chooser and the published home page shows it. Its own server: publishing changes the site.
 */
test("an owner's site content edit survives a refusal, a reload and someone else's save; a slide is chosen and published", async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'highstreet-content-work-e2e-'));
  const port = Number(process.env.E2E_PORT_BASE ?? 4400) + 80 + testInfo.parallelIndex;
  const env = { DATA_DIR: dataDir, SQLITE_FILE: join(dataDir, 'highstreet.sqlite') };
  const server = await startSiteServer(port, env);
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  try {
    const owner = await context.newPage();
    await signedInOwner(owner, { ...server, sqliteFile: env.SQLITE_FILE }, 'SE');
    await owner.getByRole('link', { name: 'Site content' }).first().click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible();

    // The server refuses an address that is not one: the message is on the field, the text stays.
    const email = owner.getByLabel('E-mail address', { exact: true });
    const savedEmail = await email.inputValue();
    await email.fill('orders at hot tubs');
    await owner.getByRole('button', { name: 'Save draft' }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/must be an e-mail address/);
    await expect(email).toHaveValue('orders at hot tubs');
    await expect(owner.getByRole('region', { name: 'Not saved yet' })).toContainText(
      'E-mail address: must be an e-mail address',
    );

    // An edit not saved yet is kept in the browser and comes back after a reload.
    await email.fill(savedEmail);
    const mine = 'Hot tubs fitted by Friday';
    await owner.getByLabel('Welcome heading').fill(mine);
    await expect
      .poll(() =>
        owner.evaluate(
          (text) =>
            Object.entries(localStorage).some(
              ([key, value]) => key.includes('site-content') && value.includes(text),
            ),
          mine,
        ),
      )
      .toBe(true);
    owner.once('dialog', (dialog) => void dialog.accept());
    await owner.reload();
    await expect(owner.getByText(/We restored your unsaved changes/)).toBeVisible();
    await expect(owner.getByLabel('Welcome heading')).toHaveValue(mine);

    // Another owner saves a draft first: saving shows both versions and keeps the owner's choice.
    const state = (await (await owner.request.get('/api/manage/content')).json()) as ContentState;
    const theirs = 'Summer hot tub sale';
    const content = state.draft?.content ?? state.published.content;
    const other = await owner.request.put('/api/manage/content/draft', {
      headers: sameSite(owner),
      data: {
        content: { ...content, welcome: { ...(content.welcome as object), heading: theirs } },
        baseVersion: state.published.version,
        draftVersion: state.draft?.draftVersion ?? null,
      },
    });
    expect(other.status()).toBe(200);
    await owner.getByRole('button', { name: 'Save draft' }).click();
    const conflict = owner.getByRole('region', { name: 'Changed by someone else' });
    await expect(conflict).toBeVisible();
    const row = conflict.getByRole('row', { name: /Welcome heading/ });
    await expect(row.getByRole('cell').nth(0)).toHaveText(theirs);
    await expect(row.getByRole('cell').nth(1)).toHaveText(mine);
    await expectNoAxeViolations(owner);
    await owner.screenshot({ path: testInfo.outputPath('content-conflict-390.png') });
    await conflict.getByRole('button', { name: 'Keep mine and save' }).click();
    await expect(conflict).toBeHidden();
    await expect(owner.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
    const kept = (await (await owner.request.get('/api/manage/content')).json()) as ContentState;
    expect((kept.draft?.content.welcome as { heading: string }).heading).toBe(mine);

    // The first slide's picture through the chooser: uploaded, described, placed and published.
    await owner.getByRole('button', { name: 'Pages and blocks' }).click();
    const slide = owner
      .getByRole('group', { name: /^2\. Slider/ })
      .getByRole('group', { name: 'Slide 1' });
    await slide.getByRole('button', { name: 'Change picture' }).click();
    const chooser = owner.getByRole('dialog', { name: 'Picture: choose a picture' });
    const photo = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#1a6' },
    })
      .jpeg()
      .toBuffer();
    await chooser
      .getByLabel('Upload photos')
      .setInputFiles({ name: 'tub.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(
      chooser.getByRole('list', { name: 'Uploads' }).getByRole('listitem'),
    ).toContainText('Uploaded', { timeout: 30_000 });
    await chooser.getByRole('radio', { name: /^Uploaded picture 1,/ }).check();
    const words = 'A new hot tub steaming on a garden deck';
    await chooser.getByLabel('Describe the picture for people who cannot see it').fill(words);
    await chooser.getByRole('button', { name: 'Use this picture' }).click();
    await expect(chooser).toBeHidden();
    await expect(slide.getByText(`Shows: ${words}`)).toBeVisible();
    await owner.getByRole('button', { name: 'Publish' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();

    const visitor = await browser.newPage({ baseURL: server.baseURL });
    await openAs(visitor, 'SE', '/');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(mine);
    const placed = visitor.getByRole('img', { name: words });
    await expect(placed).toBeVisible();
    await expect(placed).toHaveAttribute('src', /\/library\/m-[0-9a-f]{12}/);
    expect(await placed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await visitor.close();
  } finally {
    await server.stop().catch(() => undefined);
    await context.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
