import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// Steps of the booking journeys that more than one spec takes.

/** YYYY-MM-DD of the salon's calendar, `ahead` days after today in London. */
export function londonDate(ahead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
}

/** RRB is open Tuesday to Saturday and closed on a few listed dates. */
export function nextDate(fromAhead: number, open: boolean): string {
  const closedDates = ['2026-12-25', '2026-12-26', '2027-01-01'];
  for (let ahead = fromAhead; ; ahead++) {
    const date = londonDate(ahead);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const isOpen = weekday >= 2 && weekday <= 6 && !closedDates.includes(date);
    if (isOpen === open) return date;
  }
}

export async function chooseTreatments(page: Page): Promise<void> {
  const nails = page.getByRole('button', { name: 'Nails' });
  const waxing = page.getByRole('button', { name: 'Waxing' });
  await expect(nails).toHaveAttribute('aria-expanded', 'false');
  await expect(waxing).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('checkbox', { name: /Gel Manicure/ })).toBeHidden();
  await nails.click();
  await waxing.click();
  await expect(nails).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('checkbox', { name: /Gel Manicure/ }).check();
  await page.getByRole('checkbox', { name: /Eyebrow Wax/ }).check();
}

/** Types a date and picks a start time from the times offered for it. */
export async function chooseDateAndTime(page: Page, date: string, time: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill(date);
  await page
    .getByRole('group', { name: /Available times on/ })
    .getByRole('radio', { name: time })
    .check();
}

export const bookingDetails = {
  Name: 'Ann Example',
  Phone: '07700900123',
  'Door number / address line 1': '12 Rose Lane',
  Postcode: 'EH49 7AB',
} as const;

/** Stage 2: the customer's details and consent, as a visitor types them. */
export async function fillBookingDetails(page: Page, email: string): Promise<void> {
  for (const [label, value] of Object.entries(bookingDetails)) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('checkbox', { name: /I agree that the salon may store my details/ }).check();
}

/** The details stage still holds what fillBookingDetails typed. */
export async function expectBookingDetailsKept(page: Page, email: string): Promise<void> {
  for (const [label, value] of Object.entries(bookingDetails)) {
    await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue(value);
  }
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await expect(
    page.getByRole('checkbox', { name: /I agree that the salon may store my details/ }),
  ).toBeChecked();
}
