import { DatabaseSync } from '@photostructure/sqlite';
import type { Page } from '@playwright/test';
import {
  desktop,
  expectNoAxeViolations,
  phone,
  signedInOwner,
  ownerApiHeaders,
} from './back-office';
import { formatLongDate } from '../../src/common/booking';
import { expect, test } from './fixtures';

// Issue 32: the owner reads the diary as a salon's tools show it: a column per therapist on a
// wide screen, one therapist at a time on a phone, the day's totals and counts, the reference on
// every booking, search, and marking a booking that has started a no-show.

/** YYYY-MM-DD of the salon's calendar, `ahead` days after today in London. */
function londonDate(ahead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
}

/** RRB is open Tuesday to Saturday, closed on a few listed dates: the first open day from `ahead`. */
function openDayFrom(ahead: number): string {
  const closedDates = ['2026-12-25', '2026-12-26', '2027-01-01'];
  for (; ; ahead++) {
    const date = londonDate(ahead);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 2 && weekday <= 6 && !closedDates.includes(date)) return date;
  }
}

interface Booked {
  id: number;
  reference: string;
  staff: { id: number; name: string };
}

test('at 1280 px the day shows a column per therapist, each booking in its therapist’s column, and the day’s totals', async ({
  page,
  site,
}) => {
  await page.setViewportSize(desktop);
  await signedInOwner(page, site, 'RRB');
  // Clear of the days the other journeys book: an open day two weeks ahead.
  const date = openDayFrom(14);
  const menu = (await (await page.request.get('/api/manage/menu')).json()) as {
    treatments: Array<{ id: number; name: string }>;
  };
  // Gel Pedicure, which two of the three therapists do; RRB's capacity is 1, so two times.
  const treatment = menu.treatments.find((t) => t.name === 'Gel Pedicure')!;
  const stamp = Date.now();
  const booked: Booked[] = [];
  for (const [name, time] of [
    [`Ailsa Grid ${stamp}`, '10:00'],
    [`Bryony Grid ${stamp}`, '12:00'],
  ] as const) {
    booked.push(await bookByPhone(page, `${date} ${time}:00`, name, treatment.id));
  }

  await page.goto(`/manage/diary?date=${date}`);
  for (const therapist of ['Eilidh Fraser', 'Morven Taylor', 'Kirsty Paterson']) {
    await expect(page.getByRole('heading', { level: 3, name: therapist })).toBeVisible();
  }
  // On a wide screen there is nothing to switch: every column shows.
  await expect(page.getByRole('group', { name: 'Therapist' })).toBeHidden();
  for (const [index, booking] of booked.entries()) {
    const column = page.getByTestId(`diary-column-${booking.staff.id}`);
    await expect(column.getByRole('heading', { name: booking.staff.name })).toBeVisible();
    const link = column.getByRole('link', { name: new RegExp(index === 0 ? 'Ailsa' : 'Bryony') });
    await expect(link).toBeVisible();
    await expect(link).toContainText(booking.reference);
  }
  // The totals the screen shows are the day's as the API counts them (other journeys may book).
  const diary = (await (await page.request.get(`/api/manage/diary?date=${date}`)).json()) as {
    days: Array<{ totals: { bookings: number; byStatus: Record<string, number> } }>;
  };
  const totals = diary.days[0]!.totals;
  expect(totals.bookings).toBeGreaterThanOrEqual(2);
  await expect(page.getByText(`${totals.bookings} bookings`)).toBeVisible();
  await expect(page.getByText(`Booked: ${totals.byStatus.booked}`)).toBeVisible();
  await expect(page.getByText('No-show: 0')).toBeVisible();
  await expectNoAxeViolations(page);

  // A card is as tall as its booking: a 15-minute and a 45-minute one show whole lines only, at
  // both widths (the 15-minute card used to show its reference line cut through under the name).
  for (const [name, time, treatmentName] of [
    [`Ciara Short ${stamp}`, '14:00', 'Nail Art (per set)'],
    [`Dana Short ${stamp}`, '15:00', 'Gel Manicure'],
  ] as const) {
    const treatmentId = menu.treatments.find((t) => t.name === treatmentName)!.id;
    await bookByPhone(page, `${date} ${time}:00`, name, treatmentId);
  }
  await page.reload();
  const shortCard = page.getByRole('link', { name: new RegExp(`Ciara Short ${stamp}`) });
  await expect(shortCard).toBeVisible();
  expect(await linesCutThrough(page)).toEqual([]);
  await page.setViewportSize(phone);
  const switcher = page.getByRole('group', { name: 'Therapist' });
  for (const therapist of ['Eilidh Fraser', 'Morven Taylor', 'Kirsty Paterson']) {
    await switcher.getByRole('button', { name: new RegExp(therapist) }).click();
    await expect(page.getByRole('heading', { level: 3, name: therapist })).toBeVisible();
    expect(await linesCutThrough(page), therapist).toEqual([]);
  }
});

/** A phone booking the owner adds through the API, as the diary's form does. */
async function bookByPhone(
  page: Page,
  startTime: string,
  name: string,
  treatmentId: number,
): Promise<Booked> {
  const made = await page.request.post('/api/manage/bookings', {
    headers: ownerApiHeaders(page),
    data: {
      source: 'phone',
      startTime,
      customer: { name, telephone: '01506 333333' },
      treatmentIds: [treatmentId],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as Booked;
}

/**
 * The text of each line in the diary's cards that shows only in part: a line that starts above
 * the bottom of a box that clips it (the card, or its clamped lines) and ends below it.
 */
function linesCutThrough(page: Page): Promise<string[]> {
  return page.locator('.diary-block a').evaluateAll((cards) => {
    const cut: string[] = [];
    for (const card of cards) {
      const texts = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        let clipBottom = Infinity;
        for (let box = text.parentElement; box && card.contains(box); box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.overflowY === 'visible') continue;
          const bottom = box.getBoundingClientRect().bottom - parseFloat(style.borderBottomWidth);
          clipBottom = Math.min(clipBottom, bottom);
        }
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const line of range.getClientRects()) {
          if (line.height > 0 && line.top < clipBottom - 0.5 && line.bottom > clipBottom + 0.5)
            cut.push(text.textContent ?? '');
        }
      }
    }
    return cut;
  });
}

test('at 390 px the owner switches therapist, finds a customer by name and by reference, and marks a past booking no-show', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  // A booking yesterday (one cannot be made in the past), straight in the server's database.
  const yesterday = londonDate(-1);
  const customer = `Morag Past ${Date.now()}`;
  const suffix = Date.now()
    .toString(32)
    .toUpperCase()
    .slice(-4)
    .replace(/[ILOU]/g, '7');
  const reference = `PAST${suffix}`;
  const db = new DatabaseSync(site.sqliteFile);
  try {
    const morven = db
      .prepare(`SELECT id, name FROM staff_members WHERE client_code = 'RRB' AND name = ?`)
      .get('Morven Taylor') as { id: number; name: string };
    const now = new Date().toISOString();
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO bookings (client_code, booking_date, start_minute, end_minute, total_price_pence,
          total_duration_minutes, customer_name, customer_email, customer_telephone, customer_door_no,
          customer_post_code, marketing, consent_at, consent_version, created_at, reference, source,
          staff_id)
         VALUES ('RRB', ?, 600, 645, 3500, 45, ?, 'morag.past@example.com', '07700 900777', '', '',
          0, ?, 'test', ?, ?, 'phone', ?)`,
      )
      .run(yesterday, customer, now, now, reference, morven.id);
    db.prepare(
      `INSERT INTO booking_treatments (booking_id, treatment_id, name, price_pence, duration_minutes)
       VALUES (?, 11, 'Lash Lift', 3500, 45)`,
    ).run(lastInsertRowid);
  } finally {
    db.close();
  }

  await signedInOwner(page, site, 'RRB');
  await page.goto(`/manage/diary?date=${yesterday}`);
  await expect(page.getByText('No-show: 0')).toBeVisible();
  // One therapist at a time: Morven's column shows the booking once she is chosen.
  const switcher = page.getByRole('group', { name: 'Therapist' });
  await expect(switcher).toBeVisible();
  const booking = page.getByRole('link', { name: new RegExp(customer) });
  await switcher.getByRole('button', { name: /Eilidh Fraser/ }).click();
  await expect(booking).toBeHidden();
  await switcher.getByRole('button', { name: /Morven Taylor/ }).click();
  await expect(switcher.getByRole('button', { name: /Morven Taylor/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(booking).toBeVisible();
  await expect(booking).toContainText(reference);
  await expectNoAxeViolations(page);

  // Search by name, then by reference as a customer might read it out (lower case, a dash).
  const search = page.getByRole('search', { name: 'Find a booking' });
  await search.getByLabel('Find a booking').fill(customer.toLowerCase());
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 booking found.')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(customer) })).toBeVisible();
  const spoken = `${reference.slice(0, 4)}-${reference.slice(4)}`.toLowerCase();
  await search.getByLabel('Find a booking').fill(spoken);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: `Bookings found for “${spoken}”` })).toBeVisible();
  await expect(page.getByText('1 booking found.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Open it, mark it a no-show: the toast says so, and the day's count shows it.
  await page.getByRole('link', { name: new RegExp(customer) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${reference}` })).toBeVisible();
  await expect(page.getByText('Morven Taylor')).toBeVisible();
  const marks = page.getByRole('group', { name: 'Mark the booking' });
  await expect(marks.getByRole('button', { name: 'Booked' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoAxeViolations(page);
  await marks.getByRole('button', { name: 'No-show' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked no-show.' })).toBeVisible();
  await expect(marks.getByRole('button', { name: 'No-show' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(marks.getByRole('button', { name: 'No-show' })).toBeFocused();
  await page.getByRole('link', { name: '← Diary' }).click();
  await expect(page.getByText('No-show: 1')).toBeVisible();
  // Back on the day, the phone opens on the therapist with bookings, the booking marked.
  await expect(page.getByRole('link', { name: new RegExp(customer) })).toContainText('No-show');
});

test('quick presses of next and previous each move a day or a week, keeping the chosen therapist', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  // Morven chosen (as the therapist switcher leaves it in the address) on today's day view.
  const team = (await (await page.request.get('/api/manage/staff')).json()) as {
    staff: Array<{ id: number; name: string }>;
  };
  const staff = String(team.staff.find((member) => member.name === 'Morven Taylor')!.id);
  await page.goto(`/manage/diary?date=${londonDate(0)}&view=day&staff=${staff}`);

  // Three presses of Enter as fast as the keyboard sends them: three days on, not one.
  await page.getByRole('button', { name: 'Next day' }).focus();
  for (let press = 0; press < 3; press++) await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`date=${londonDate(3)}`));
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await page.getByRole('button', { name: 'Next week' }).focus();
  for (let press = 0; press < 2; press++) await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await page.getByRole('button', { name: 'Previous day' }).focus();
  for (let press = 0; press < 2; press++) await page.keyboard.press('Enter');
  const shown = new URL(page.url()).searchParams;
  await expect(page).toHaveURL(new RegExp(`date=${londonDate(3 + 14 - 2)}`));
  expect(shown.get('staff')).toBe(staff);
});

test('with the connection lost the diary says so rather than loading for ever, and loads by itself once it is back', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  await page.goto(`/manage/diary?date=${londonDate(1)}&view=day`);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();

  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('alert')).toContainText('We could not connect');
  await page.context().setOffline(false);
  // Nothing pressed: the diary asks again when the browser is back online.
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(page.getByRole('region', { name: formatLongDate(londonDate(2)) })).toBeVisible();
});

test('signing out while the diary is still loading waits for it, so no read is refused after the session ends', async ({
  page,
  site,
  consoleErrors,
}) => {
  await page.setViewportSize(desktop);
  await signedInOwner(page, site, 'RRB');
  // The diary's read is slow to arrive: it would reach the server after the sign-out.
  await page.route('**/api/manage/diary?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const diaryAnswer = page.waitForResponse((r) => r.url().includes('/api/manage/diary?'));
  await page.goto('/manage/diary');
  await expect(page.getByRole('heading', { level: 1, name: 'Diary' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Answered while the session still stood, not refused after it ended.
  expect((await diaryAnswer).status()).toBe(200);
  expect(consoleErrors).toEqual([]);
});
