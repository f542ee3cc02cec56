import { DatabaseSync } from '@photostructure/sqlite';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, openAs, test } from './fixtures';

/** Issue 17: the month of free days on the booking page. */

const utc = (date: string) => new Date(`${date}T12:00:00Z`);

/** YYYY-MM-DD of the salon's calendar, `ahead` days after today in London. */
function londonDate(ahead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
}

/** RRB is open Tuesday to Saturday and closed on a few listed dates. */
const closedDates = ['2026-12-25', '2026-12-26', '2027-01-01'];
const isOpen = (date: string) => {
  const weekday = utc(date).getUTCDay();
  return weekday >= 2 && weekday <= 6 && !closedDates.includes(date);
};

/** The long date the calendar's day buttons are named by ("Tuesday 15 December 2026"). */
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utc(date));

const monthHeading = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    utc(date),
  );

const dayButton = (page: Page, date: string) =>
  page.getByRole('button', { name: new RegExp(`^${longDate(date)}(,|$)`) });

const addDays = (date: string, days: number) =>
  new Date(+utc(date) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((+utc(to) - +utc(from)) / 86_400_000);
const nextOpenDay = (from: string) => {
  let date = from;
  while (!isOpen(date)) date = addDays(date, 1);
  return date;
};

/** Pages the calendar forward with its Next month button until it shows the month of `date`. */
async function showMonthOf(page: Page, date: string): Promise<void> {
  const [ty, tm] = londonDate(0).split('-').map(Number) as [number, number];
  const months = (Number(date.slice(0, 4)) - ty) * 12 + Number(date.slice(5, 7)) - tm;
  for (let step = 1; step <= months; step++) {
    await page.getByRole('button', { name: 'Following month' }).click();
    const shown = new Date(Date.UTC(ty, tm - 1 + step, 1)).toISOString().slice(0, 10);
    await expect(page.getByRole('grid', { name: monthHeading(shown) })).toBeVisible();
  }
  await expect(page.getByRole('grid', { name: monthHeading(date) })).toBeVisible();
}

test('the month view greys closed and booked-out days, and the keyboard chooses a free day to book', async ({
  page,
  site,
  consoleErrors,
}) => {
  // Clear of the days the other booking journeys use: an open day three weeks ahead is booked
  // out from opening to the latest closing (capacity 1), straight in the server's database.
  let fullDay = nextOpenDay(londonDate(21));
  let freeDay = nextOpenDay(addDays(fullDay, 1));
  if (freeDay.slice(0, 7) !== fullDay.slice(0, 7)) {
    fullDay = freeDay;
    freeDay = nextOpenDay(addDays(fullDay, 1));
  }
  const db = new DatabaseSync(site.sqliteFile);
  const now = new Date().toISOString();
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO bookings (client_code, booking_date, start_minute, end_minute, total_price_pence,
        total_duration_minutes, customer_name, customer_email, customer_telephone, customer_door_no,
        customer_post_code, marketing, consent_at, consent_version, created_at)
       VALUES ('RRB', ?, 540, 1200, 1000, 660, 'Booked Out', 'out@example.com', '07700900000',
        '1', 'EH1 1AA', 0, ?, 'test', ?)`,
    )
    .run(fullDay, now, now);
  try {
    await openAs(page, 'RRB', '/booking');
    const today = dayButton(page, londonDate(0));
    await expect(today).toHaveAttribute('aria-current', 'date');
    await expect(
      page.getByText('Choose a treatment to see which days have free times.'),
    ).toBeVisible();

    // 75 minutes, a length no other journey asks about: the month view keeps an answer a few
    // seconds, and the booking above went in behind the server's back (no change signal).
    await page.getByRole('button', { name: 'Nails' }).click();
    await page.getByRole('checkbox', { name: /BIAB Overlay/ }).check();
    await showMonthOf(page, fullDay);

    // A closed weekday (the Monday of the booked-out day's week or the next) and the booked-out
    // day are greyed and cannot be chosen; their names say why.
    let monday = fullDay;
    while (utc(monday).getUTCDay() !== 1) monday = addDays(monday, 1);
    if (monday.slice(0, 7) === fullDay.slice(0, 7)) {
      await expect(dayButton(page, monday)).toHaveAttribute('aria-disabled', 'true');
      await expect(dayButton(page, monday)).toHaveAccessibleName(/, closed$/);
    }
    const full = dayButton(page, fullDay);
    await expect(full).toHaveAccessibleName(/, no free times$/);
    await expect(full).toHaveAttribute('aria-disabled', 'true');
    // Enter on it chooses nothing (a click is refused the same way; Playwright will not click an
    // element that is aria-disabled).
    await full.focus();
    await page.keyboard.press('Enter');
    const dateField = page.getByRole('textbox', { name: 'Date', exact: true });
    await expect(dateField).toHaveValue('');
    await expect(full).toBeFocused();

    const free = dayButton(page, freeDay);
    await expect(free).toHaveAccessibleName(/, free times$/);
    await expect(free).not.toHaveAttribute('aria-disabled', 'true');
    await expectNoAxeViolations(page);

    // Arrow keys walk the days (greyed ones too, so their state is heard); Enter chooses.
    for (let step = daysBetween(fullDay, freeDay); step > 0; step--) {
      await page.keyboard.press('ArrowRight');
    }
    await expect(free).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dateField).toHaveValue(freeDay);
    await expect(free).toHaveAccessibleName(/, chosen$/);
    await expect(page.getByRole('gridcell', { selected: true })).toHaveCount(1);
    const times = page.getByRole('group', { name: /Available times on/ });
    await expect(times.getByRole('radio', { name: '11:30' })).toBeVisible();
    await times.getByRole('radio', { name: '11:30' }).check();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Kay Board');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(`kay-${Date.now()}@example.com`);
    await page.getByRole('textbox', { name: 'Phone' }).fill('07700900123');
    await page.getByRole('textbox', { name: 'Door number / address line 1' }).fill('3 Key Row');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('EH49 7AB');
    await page
      .getByRole('checkbox', { name: /I agree that the salon may store my details/ })
      .check();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/\/booking\/booked$/);
    await expect(page.getByText('11:30 to 12:45')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  } finally {
    db.prepare('DELETE FROM bookings WHERE id = ?').run(lastInsertRowid);
    db.close();
  }
});

test('the month view fits a phone and pages through the months a visitor can book', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, 'RRB', '/booking');
  await page.getByRole('button', { name: 'Facials' }).click();
  await page.getByRole('checkbox', { name: /Express Glow Facial/ }).check();
  const grid = page.getByRole('grid', { name: monthHeading(londonDate(0)) });
  await expect(grid).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  const box = (await grid.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Every day button is at least 44 px high, a finger's width.
  expect((await dayButton(page, londonDate(0)).boundingBox())!.height).toBeGreaterThanOrEqual(44);

  // The last month within the 90-day horizon ends the paging.
  const next = page.getByRole('button', { name: 'Following month' });
  for (let step = 0; step < 6 && (await next.isEnabled()); step++) await next.click();
  await expect(next).toBeDisabled();
  await expect(page.getByRole('grid', { name: monthHeading(londonDate(90)) })).toBeVisible();
  const afterHorizon = londonDate(91);
  if (afterHorizon.slice(0, 7) === londonDate(90).slice(0, 7)) {
    await expect(dayButton(page, afterHorizon)).toHaveAttribute('aria-disabled', 'true');
    await expect(dayButton(page, afterHorizon)).toHaveAccessibleName(/, not bookable$/);
  }
  await expectNoAxeViolations(page);
});
