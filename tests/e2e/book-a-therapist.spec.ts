import type { Page } from '@playwright/test';
import { fillBookingDetails, londonDate } from './booking-steps';
import { expectNoAxeViolations } from './axe';
import { expect, openAs, test } from './fixtures';

// Issue 32: the visitor chooses "Any therapist" or a named one (RRB seeds three therapists).

/**
 * The first `weekday` (0 Sunday … 6 Saturday) at least `fromAhead` days from today, clear of the
 * days the other booking journeys use (3 to 7 and 21 onwards) and of RRB's listed closures.
 */
function nextWeekday(fromAhead: number, weekday: number): string {
  const closedDates = ['2026-12-25', '2026-12-26', '2027-01-01'];
  for (let ahead = fromAhead; ; ahead++) {
    const date = londonDate(ahead);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === weekday && !closedDates.includes(date)) {
      return date;
    }
  }
}

const therapists = () => ({ name: 'Therapist' }) as const;

/**
 * Stage 2 as booking-steps fills it, under a name of this spec's own: book-a-treatment finds the
 * salon's e-mail by 'Ann Example', and the two specs may share a worker's server.
 */
async function fillDetails(page: Page, email: string, name: string): Promise<void> {
  await fillBookingDetails(page, email);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
}

/** Someone else books a facial with this therapist, as the booking page does (the page's cookie). */
async function bookTheTherapistThroughTheApi(
  page: Page,
  therapistName: string,
  startTime: string,
): Promise<number> {
  const staff = (await (await page.request.get('/api/staff/list')).json()) as Array<{
    id: number;
    name: string;
  }>;
  const response = await page.request.post('/api/bookings/create', {
    data: {
      staffId: staff.find((m) => m.name === therapistName)!.id,
      startTime,
      customer: {
        name: 'Quick Other',
        telephone: '07700900999',
        email: `other-${Date.now()}@example.com`,
        doorNo: '2 Lane',
        postCode: 'EH49 7AB',
        gdprConsent: true,
        marketing: false,
      },
      treatments: [{ ID: 15 }],
    },
  });
  return response.status();
}

test('on a phone, a visitor books a named therapist, and the confirmation names her', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const date = nextWeekday(9, 3); // a Wednesday: Morven and Kirsty both work
  await openAs(page, 'RRB', '/booking');
  await expect(page.getByRole('group', therapists())).toHaveCount(0);

  // A facial: Morven and Kirsty give facials, Eilidh does not.
  await page.getByRole('button', { name: 'Facials' }).click();
  await page.getByRole('checkbox', { name: /Express Glow Facial/ }).check();
  const choice = page.getByRole('group', therapists());
  await expect(choice.getByRole('radio', { name: 'Any therapist' })).toBeChecked();
  await expect(choice.getByRole('radio', { name: 'Morven Taylor' })).toBeVisible();
  await expect(choice.getByRole('radio', { name: 'Eilidh Fraser' })).toHaveCount(0);
  const kirsty = choice.getByRole('radio', { name: 'Kirsty Paterson' });
  await expect(kirsty).toHaveAccessibleDescription(/massage therapist/);

  // Kirsty does no waxing: adding an eyebrow wax puts the choice back to any, and says so.
  await kirsty.check();
  await page.getByRole('button', { name: 'Waxing' }).click();
  await page.getByRole('checkbox', { name: /Eyebrow Wax/ }).check();
  await expect(choice.getByRole('status')).toHaveText(
    /Kirsty Paterson does not offer every treatment you have chosen, so we have changed your choice to Any therapist/,
  );
  await expect(choice.getByRole('radio', { name: 'Any therapist' })).toBeChecked();
  await expect(choice.getByRole('radio', { name: 'Kirsty Paterson' })).toHaveCount(0);

  // Morven does both; the month view and the times are hers.
  const freeDaysAsked = page.waitForRequest(
    (request) =>
      request.url().includes('/api/bookings/free-days') && /staffId=\d/.test(request.url()),
  );
  await choice.getByRole('radio', { name: 'Morven Taylor' }).check();
  await freeDaysAsked;
  const timesAsked = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/bookings/time') &&
      typeof (request.postDataJSON() as { staffId?: unknown }).staffId === 'number',
  );
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill(date);
  await timesAsked;
  const times = page.getByRole('group', { name: /Available times on/ });
  // Morven starts at 09:00 on Wednesdays and breaks at 13:00 for half an hour.
  await expect(times.getByRole('radio', { name: '09:00' })).toBeVisible();
  await expect(times.getByRole('radio', { name: '12:45' })).toHaveCount(0);
  await times.getByRole('radio', { name: '10:00' }).check();
  await expectNoAxeViolations(page);

  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  await expect(page.getByText('With Morven Taylor')).toBeVisible();
  const email = `named-${Date.now()}@example.com`;
  await fillDetails(page, email, 'Rhona Named');

  // Someone else takes Morven at 10:00 meanwhile: the refusal keeps every choice, Morven too.
  expect(await bookTheTherapistThroughTheApi(page, 'Morven Taylor', `${date} 10:00:00`)).toBe(200);
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `Sorry, Morven Taylor has just been booked at 10:00 on ${date}. Please choose another time, or any therapist.`,
  );
  await expect(choice.getByRole('radio', { name: 'Morven Taylor' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Eyebrow Wax/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Date', exact: true })).toHaveValue(date);
  await times.getByRole('radio', { name: '11:00' }).check();
  await next.click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Rhona Named');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/booked$/);
  await expect(page.getByTestId('booked-therapist')).toHaveText('Morven Taylor');
  await expect(page.getByText('11:00 to 11:45')).toBeVisible();
  await expectNoAxeViolations(page);
  // The browser logs the refused request itself; anything else is a fault of the page.
  expect(consoleErrors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
});

test('on a wide screen, a visitor books any therapist, and the confirmation names who was assigned', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const date = nextWeekday(9, 4); // a Thursday: Eilidh and Kirsty both do gel manicures
  await openAs(page, 'RRB', '/booking');
  await page.getByRole('button', { name: 'Nails' }).click();
  await page.getByRole('checkbox', { name: /Gel Manicure/ }).check();
  const choice = page.getByRole('group', therapists());
  await expect(choice.getByRole('radio', { name: 'Any therapist' })).toBeChecked();
  await expect(choice.getByRole('radio')).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill(date);
  await page
    .getByRole('group', { name: /Available times on/ })
    .getByRole('radio', { name: '14:00' })
    .check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('With any therapist')).toBeVisible();
  await fillDetails(page, `any-${Date.now()}@example.com`, 'Isla Any');
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/booked$/);
  await expect(page.getByTestId('booked-therapist')).toHaveText(
    /^(Eilidh Fraser|Kirsty Paterson)$/,
  );
  await expect(page.getByText('14:00 to 14:45')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
