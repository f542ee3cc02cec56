import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ClientConfigInput } from '../../src/common/client-config';
import { startSiteServer, type SiteServer } from './fixtures';

/**
 * "Adding an eighth client needs no code change" (issue 12): a copy of seed/ and of the themes
 * gets a new client record, its treatments and its stylesheet, and the unchanged server and build
 * serve its home page, a content page and its booking from that data alone (README: Adding a
 * client).
 */
const repoRoot = resolve(import.meta.dirname, '../..');

const newClient: ClientConfigInput = {
  name: 'NEW',
  title: "Nell's Nail Studio",
  description: 'Gel nails, brows and lashes in Falkirk, booked online in a minute.',
  hostNames: [],
  telephoneNo: '01324 496000',
  email: 'hello@nellsnails.example',
  address: '5 Cow Wynd, Falkirk FK1 1PU',
  contactHeader: 'Say hello',
  contactBlurb: 'Questions about a treatment? Send us a message.',
  menuType: 'bar',
  headerType: 'Min',
  menuItems: [
    { route: '/', display: 'Home' },
    { route: '/services', display: 'Treatments' },
    { route: '/booking', display: 'Book' },
  ],
  footerType: 'Min',
  showContactFormOnFooter: false,
  usesCart: false,
  pictureLocation: '/media/NEW',
  workingFolder: 'slides',
  pictureExtension: 'jpg',
  picturesForSlide: [],
  welcome: {
    heading: 'Nails by Nell',
    paragraphs: ['A small studio on Cow Wynd for gel nails, brows and lashes.'],
  },
  about: { heading: 'About the studio', paragraphs: ['Nell opened the studio in 2024.'] },
  home: [
    { type: 'welcome' },
    {
      type: 'banner',
      heading: 'New: BIAB nails',
      paragraphs: ['Builder gel that lets your own nails grow strong.'],
      picture: { file: 'gallery/1.jpeg', alt: 'A hand with pale pink BIAB nails' },
      link: { text: 'See our treatments', to: '/services' },
    },
  ],
  pages: {
    '/services': {
      heading: 'Our treatments',
      blocks: [
        { type: 'text', paragraphs: ['Every treatment starts with a short consultation.'] },
        {
          type: 'faqs',
          items: [{ question: 'How long does gel last?', answer: 'Two to three weeks.' }],
        },
      ],
    },
  },
  successTitle: 'You are booked in with Nell',
  successText: 'A confirmation is on its way to your inbox.',
  failureTitle: 'Sorry, that did not go through',
  failureText: 'Please call the studio on 01324 496000.',
  reviewTitle: '',
  reviewBlurb: '',
  emailService: {
    baseUrl: '',
    userId: 'hs_pub_NEW',
    serviceId: 'highstreet',
    templates: { order: 'order', contact: 'contact', travel: 'travel' },
  },
  booking: {
    openingHours: {
      sun: { open: '09:00', close: '17:00' },
      mon: { open: '09:00', close: '17:00' },
      tue: { open: '09:00', close: '17:00' },
      wed: { open: '09:00', close: '17:00' },
      thu: { open: '09:00', close: '17:00' },
      fri: { open: '09:00', close: '17:00' },
      sat: { open: '09:00', close: '17:00' },
    },
    slotStepMinutes: 30,
  },
};

const newTreatments = {
  categories: [{ ID: 1, Name: 'Nails' }],
  treatments: [
    {
      ID: 1,
      Name: 'Gel Polish',
      Description: 'Shape, cuticle care and gel colour.',
      Price: 25,
      Duration: 45,
      CategoryId: 1,
      Active: true,
    },
  ],
};

const newTheme = `/* Nell's Nail Studio: lilac and ink. */
:root {
  --color-primary: #5b2a86;
  --color-primary-contrast: #ffffff;
  --color-accent: #7a3e00;
  --color-bg: #fbf8ff;
  --color-surface: #ffffff;
  --color-text: #1d1a22;
  --color-muted: #57505f;
  --color-border: #e2d8ee;
  --color-link: #5b2a86;
}
`;

/** YYYY-MM-DD in London, `ahead` days from today (the studio opens every day). */
function londonDate(ahead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
}

let dataDirs: string;
let server: SiteServer & { stop: () => Promise<void> };

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test.beforeAll(async ({}, workerInfo) => {
  dataDirs = mkdtempSync(join(tmpdir(), 'highstreet-new-client-'));
  const seedDir = join(dataDirs, 'seed');
  const themesDir = join(dataDirs, 'themes');
  cpSync(join(repoRoot, 'seed'), seedDir, { recursive: true });
  cpSync(join(repoRoot, 'public/themes'), themesDir, { recursive: true });
  writeFileSync(join(seedDir, 'clients/NEW.json'), JSON.stringify(newClient, null, 2));
  const treatmentsFile = join(seedDir, 'treatments.json');
  const treatments = JSON.parse(readFileSync(treatmentsFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(treatmentsFile, JSON.stringify({ ...treatments, NEW: newTreatments }, null, 2));
  writeFileSync(join(themesDir, 'NEW.css'), newTheme);

  // Past the ports the shared site servers take (fixtures.ts: E2E_PORT_BASE + worker index).
  const port = Number(process.env.E2E_PORT_BASE ?? 4400) + 20 + workerInfo.parallelIndex;
  server = await startSiteServer(port, { SEED_DIR: seedDir, THEMES_DIR: themesDir });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDirs) rmSync(dataDirs, { recursive: true, force: true });
});

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${server.baseURL}${path}?client=NEW`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

test('a client added as data alone has its home page, a content page and booking', async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));

  await test.step('home: its title, theme, welcome, banner and Book Online', async () => {
    await open(page, '/');
    await expect(page).toHaveTitle("Nell's Nail Studio");
    await expect(page.locator('style[data-theme="NEW"]')).toHaveCount(1);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );
    expect(primary).toBe('#5b2a86');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nails by Nell');
    const banner = page.getByRole('region', { name: 'New: BIAB nails' });
    const picture = banner.getByRole('img', { name: 'A hand with pale pink BIAB nails' });
    await expect(picture).toHaveAttribute('src', '/media/NEW/gallery/1.jpeg');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Book Online' })).toHaveAttribute(
      'href',
      '/booking',
    );
  });

  await test.step('a content page from its record, and a generic one', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Treatments' })
      .click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our treatments');
    await expect(page.getByText('Every treatment starts with a short consultation.')).toBeVisible();
    await page.getByText('How long does gel last?').click();
    await expect(page.getByText('Two to three weeks.')).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'FAQs' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    await expect(page.getByText('How do I get in touch?')).toBeVisible();
  });

  await test.step('booking a treatment from its own treatment list', async () => {
    await open(page, '/');
    await page.getByRole('link', { name: 'Book Online' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Book a treatment' })).toBeVisible();
    await page.getByRole('button', { name: 'Nails' }).click();
    await page.getByRole('checkbox', { name: /Gel Polish/ }).check();
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill(londonDate(3));
    const times = page.getByRole('group', { name: /Available times on/ });
    await times.getByRole('radio', { name: '10:00' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    const email = `new-client-${Date.now()}@example.com`;
    await page.getByRole('textbox', { name: 'Name' }).fill('Ann Example');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Phone' }).fill('07700900123');
    await page.getByRole('textbox', { name: 'Door number / address line 1' }).fill('1 Main St');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('FK1 1AA');
    await page
      .getByRole('checkbox', { name: /I agree that the salon may store my details/ })
      .check();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/\/booking\/booked$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are booked in with Nell');
    const toStudio = await server.smtp.waitFor(
      (mail) => mail.to.includes('hello@nellsnails.example') && mail.raw.includes('Gel Polish'),
      20_000,
    );
    expect(toStudio.raw).toContain('Ann Example');
  });

  expect(consoleErrors).toEqual([]);
});
