/**
 * Saves every back-office screen at a phone size (390x844) and a desktop size (1280x800) into
 * docs/screenshots/manage/ (committed, so a change of look is seen in review): the salon (RRB)
 * for the diary, hours and treatments, the shop (SE) for orders and products, both for the rest.
 * Uses the real compiled server on a fresh database, an owner made by the CLI, Debian's Chromium.
 * Usage: npm run build && npm run screenshots:manage
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { addOwner, password } from '../tests/e2e/back-office';
import { startSiteServer } from '../tests/e2e/fixtures';
import { chromiumExecutablePath, chromiumFlags } from '../tests/support/chromium';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const screens: Record<string, string[]> = {
  RRB: [
    '',
    'diary',
    'diary?view=week',
    'diary?add=1',
    'hours',
    'treatments',
    'staff',
    'calendar-feeds',
    'reports',
    'customers',
    'reviews',
    'content',
    'outbox',
    'visits',
    'morning-email',
    'team',
    'audit',
  ],
  SE: ['', 'orders', 'products', 'shop-categories', 'reports', 'shop-settings', 'discount-codes'],
};

const outputDir = resolve(import.meta.dirname, '..', 'docs', 'screenshots', 'manage');
const port = Number(process.env.SCREENSHOTS_PORT ?? 4391);

async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[data-loading-line]'));
}

async function shoot(page: Page, name: string): Promise<void> {
  const file = resolve(outputDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`saved ${file}`);
}

/**
 * A few phone bookings on the salon's next working day (Tuesday to Saturday), so the diary's
 * grid has a column per therapist to show; "any therapist" spreads them fairly. Answers the day.
 */
async function addSalonBookings(page: Page): Promise<string> {
  const origin = new URL(page.url()).origin;
  const headers = { origin, 'x-requested-with': 'highstreet' };
  const menu = (await (await page.request.get(`${origin}/api/manage/menu`)).json()) as {
    treatments: Array<{ id: number; active: boolean }>;
  };
  const treatmentId = menu.treatments.find((t) => t.active)!.id;
  const day = new Date();
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() < 2);
  const date = day.toISOString().slice(0, 10);
  const customers = ['Ama Mensah', 'Bea Ross', 'Cara Doyle', 'Dana Lee', 'Esme Clark'];
  for (const [index, name] of customers.entries()) {
    const time = ['10:00', '10:00', '10:00', '11:30', '14:00'][index];
    await page.request.post(`${origin}/api/manage/bookings`, {
      headers,
      data: {
        source: 'phone',
        startTime: `${date} ${time}:00`,
        customer: { name, telephone: `0770090012${index}` },
        treatmentIds: [treatmentId],
      },
    });
  }
  return date;
}

async function main(): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  const server = await startSiteServer(port);
  // The day the salon's bookings were added on (the first viewport adds them).
  let diaryDay: string | undefined;
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath,
    args: chromiumFlags,
  });
  try {
    for (const viewport of viewports) {
      for (const [code, paths] of Object.entries(screens)) {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        const { token } = await addOwner(server, code);
        await page.goto(`${server.baseURL}/login?client=${code}`);
        await settle(page);
        if (code === 'RRB') await shoot(page, `sign-in-${viewport.name}`);
        await page.goto(`${server.baseURL}/login/set-password?token=${token}`);
        await page.getByLabel('New password').fill(password);
        await page.getByLabel('The same password again').fill(password);
        await page.getByRole('button', { name: 'Save password and sign in' }).click();
        await page.waitForURL(/\/manage$/);
        const bookingDay =
          code === 'RRB' && viewport.name === 'phone' ? await addSalonBookings(page) : undefined;
        if (bookingDay) diaryDay = bookingDay;
        for (const rawPath of paths) {
          const path = rawPath === 'diary' && diaryDay ? `diary?date=${diaryDay}` : rawPath;
          await page.goto(`${server.baseURL}/manage${path ? `/${path}` : ''}`);
          await settle(page);
          const slug = rawPath === '' ? 'home' : rawPath.replace(/\W+/g, '-');
          await shoot(page, `${code}-${slug}-${viewport.name}`);
        }
        if (viewport.name === 'phone') {
          await page.getByRole('button', { name: 'More' }).click();
          await shoot(page, `${code}-more-menu-${viewport.name}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
