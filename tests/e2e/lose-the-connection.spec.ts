import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import {
  chooseDateAndTime,
  chooseTreatments,
  expectBookingDetailsKept,
  fillBookingDetails,
  nextDate,
} from './booking-steps';
import { expect, openAs, startSiteServer, test } from './fixtures';
import { addToCart, fillCheckout } from './shop-steps';

/*
 * Issue 29: the visitor keeps what they did. Each journey runs on a server of its own, which the
 * test stops while the visitor is filling in a form (a lost connection, as the browser sees it:
 * nothing listens any more), then starts again on the same port and data.
 */

const connectionMessage = /We could not connect\. Please check your internet connection/;
const timeoutMessage = /We got no answer in 15 seconds\. Please check your internet connection/;

interface RestartableSite {
  baseURL: string;
  port: number;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  dispose: () => Promise<void>;
}

/** A server on a port of this test's own (past the shared ones) and a data directory it keeps. */
function restartableSite(testInfo: TestInfo): RestartableSite {
  const port = Number(process.env.E2E_PORT_BASE ?? 4400) + 60 + testInfo.parallelIndex;
  const dataDir = mkdtempSync(join(tmpdir(), 'highstreet-keepwork-e2e-'));
  const env = { DATA_DIR: dataDir, SQLITE_FILE: join(dataDir, 'highstreet.sqlite') };
  let server: Awaited<ReturnType<typeof startSiteServer>> | undefined;
  const stop = async () => {
    await server?.stop();
    server = undefined;
  };
  return {
    baseURL: `http://127.0.0.1:${port}`,
    port,
    start: async () => {
      server = await startSiteServer(port, env);
    },
    stop,
    dispose: async () => {
      await stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Something on the port that takes the connection and never answers (a hung server or proxy). */
async function listenAndNeverAnswer(port: number): Promise<{ close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  const silent: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
  return {
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    },
  };
}

async function openContext(browser: Browser, site: RestartableSite): Promise<BrowserContext> {
  return browser.newContext({ baseURL: site.baseURL });
}

/** The message with its Try again button, and the page still drawn (never a blank page). */
async function expectConnectionProblem(page: Page, message: RegExp, heading: string | RegExp) {
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

// Each journey stops and starts its server (about 10 s each on a busy machine): two minutes.
test.describe.configure({ timeout: 120_000 });

/**
 * Closes the test's browser context without letting a stuck page (one left mid-navigation to a
 * server that went away) hold the worker until the test's time is up: 10 s, then the run goes on.
 */
async function closeContext(context: BrowserContext): Promise<void> {
  await Promise.race([context.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

test('the connection drops at checkout: the details stay, with Try again, and the order goes through once it is back', async ({
  browser,
}, testInfo) => {
  const site = restartableSite(testInfo);
  await site.start();
  const context = await openContext(browser, site);
  try {
    const page = await context.newPage();
    await addToCart(page, 201, '1');
    await page.getByRole('link', { name: 'Check out' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Please enter your details' }),
    ).toBeVisible();
    await fillCheckout(page, 'Connie Lost');
    // A second tab on the same site, on a screen whose next screen has not loaded yet.
    const other = await context.newPage();
    await openAs(other, 'SE', '/');

    await site.stop();
    await page.getByRole('button', { name: 'Order' }).click();
    await expectConnectionProblem(page, connectionMessage, 'Please enter your details');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel('Name')).toHaveValue('Connie Lost');
    await expect(page.getByLabel('Email')).toHaveValue('customer@example.com');
    await expect(page.getByLabel('Phone')).toHaveValue('07700 900123');
    await expect(page.getByLabel('Address')).toHaveValue('12 Loch View, PH1 5AA');
    await expect(page.getByLabel('Message')).toHaveValue('Please call before delivery.');
    await expect(page.getByRole('button', { name: 'Order' })).toBeEnabled();

    // A screen that cannot load while the connection is down says so and keeps the site's frame.
    await other.getByRole('link', { name: 'Instructions' }).first().click();
    await expect(
      other.getByRole('heading', { level: 1, name: 'Sorry, this page is not available right now' }),
    ).toBeVisible();
    await expect(other.getByRole('banner')).toBeVisible();

    await site.start();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/order\/success$/);

    await other.getByRole('button', { name: 'Try again' }).click();
    await expect(other).toHaveURL(/\/documentation$/);
    await expect(other.getByRole('heading', { level: 1 })).not.toHaveText(/Sorry/);
  } finally {
    await closeContext(context);
    await site.dispose();
  }
});

test('the connection drops while booking: the choices and details stay, with Try again, and the booking is made once it is back', async ({
  browser,
}, testInfo) => {
  const site = restartableSite(testInfo);
  await site.start();
  const context = await openContext(browser, site);
  try {
    const page = await context.newPage();
    const date = nextDate(4, true);
    const email = `offline-${Date.now()}@example.com`;
    await openAs(page, 'RRB', '/booking');
    await chooseTreatments(page);
    await chooseDateAndTime(page, date, '11:00');
    await page.getByRole('button', { name: 'Next' }).click();
    await fillBookingDetails(page, email);

    await site.stop();
    const book = page.getByRole('button', { name: 'Book', exact: true });
    await book.click();
    await expectConnectionProblem(page, connectionMessage, 'Book a treatment');
    await expect(page.getByRole('heading', { name: 'Step 2 of 2: your details' })).toBeVisible();
    await expectBookingDetailsKept(page, email);
    await expect(page.getByText('Gel Manicure (45 minutes, £27.50)')).toBeVisible();
    await expect(book).toBeEnabled();

    await site.start();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/booking\/booked$/);
    await expect(page.getByText('11:00 to 12:00')).toBeVisible();
  } finally {
    await closeContext(context);
    await site.dispose();
  }
});

test('a server that takes the booking and never answers: after 15 seconds a message and Try again, not an endless spinner', async ({
  browser,
}, testInfo) => {
  const site = restartableSite(testInfo);
  await site.start();
  const context = await openContext(browser, site);
  let silent: { close: () => Promise<void> } | undefined;
  try {
    const page = await context.newPage();
    const date = nextDate(5, true);
    const email = `hung-${Date.now()}@example.com`;
    await openAs(page, 'RRB', '/booking');
    await chooseTreatments(page);
    await chooseDateAndTime(page, date, '11:00');
    await page.getByRole('button', { name: 'Next' }).click();
    await fillBookingDetails(page, email);

    await site.stop();
    silent = await listenAndNeverAnswer(site.port);
    const started = Date.now();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Booking…' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: timeoutMessage })).toBeVisible({
      timeout: 30_000,
    });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(14_000);
    expect(waited).toBeLessThan(25_000);
    await expectConnectionProblem(page, timeoutMessage, 'Book a treatment');
    await expectBookingDetailsKept(page, email);
    await expect(page.getByRole('button', { name: 'Book', exact: true })).toBeEnabled();

    await silent.close();
    silent = undefined;
    await site.start();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/booking\/booked$/);
  } finally {
    await silent?.close();
    await closeContext(context);
    await site.dispose();
  }
});

test('the connection drops while sending an enquiry (contact page, travel form, footer form): what was typed stays, with Try again', async ({
  browser,
}, testInfo) => {
  const site = restartableSite(testInfo);
  await site.start();
  const context = await openContext(browser, site);
  try {
    const contact = await context.newPage();
    await openAs(contact, 'JS', '/contact');
    const contactForm = contact.getByRole('form', { name: 'Send us a message' });
    await contactForm.getByLabel('Name').fill('Dee Offline');
    await contactForm.getByLabel('Email').fill('dee@example.com');
    await contactForm.getByLabel('Phone').fill('07700 900111');
    await contactForm.getByLabel('Message').fill('Are you open on Sunday?');

    const travel = await context.newPage();
    await openAs(travel, 'JS', '/travelbooking');
    const travelForm = travel.getByRole('form', { name: 'Travel enquiry' });
    await travelForm.getByLabel('Name').fill('Fiona Offline');
    await travelForm.getByLabel('Phone').fill('07700 900222');
    await travelForm.getByLabel('Email').fill('fiona@example.com');

    const footer = await context.newPage();
    await openAs(footer, 'PI', '/');
    const footerForm = footer
      .getByRole('contentinfo')
      .getByRole('form', { name: 'Send us a message' });
    await footerForm.getByLabel('Name').fill('Pat Offline');
    await footerForm.getByLabel('Email').fill('pat@example.com');
    await footerForm.getByLabel('Phone').fill('07700 900333');

    await site.stop();
    await contactForm.getByRole('button', { name: 'Send' }).click();
    await expect(
      contactForm.getByRole('alert').filter({ hasText: connectionMessage }),
    ).toBeVisible();
    await expect(contact).toHaveURL(/\/contact/);
    await expect(contactForm.getByLabel('Message')).toHaveValue('Are you open on Sunday?');
    await expect(contactForm.getByLabel('Name')).toHaveValue('Dee Offline');

    await travelForm.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(
      travelForm.getByRole('alert').filter({ hasText: connectionMessage }),
    ).toBeVisible();
    await expect(travelForm.getByLabel('Name')).toHaveValue('Fiona Offline');

    await footerForm.getByRole('button', { name: 'Send' }).click();
    await expect(
      footerForm.getByRole('alert').filter({ hasText: connectionMessage }),
    ).toBeVisible();
    await expect(footerForm.getByLabel('Name')).toHaveValue('Pat Offline');

    await site.start();
    for (const [page, form] of [
      [contact, contactForm],
      [travel, travelForm],
      [footer, footerForm],
    ] as const) {
      await form.getByRole('button', { name: 'Try again' }).click();
      await expect(page).toHaveURL(/\/order\/success$/);
    }
  } finally {
    await closeContext(context);
    await site.dispose();
  }
});
