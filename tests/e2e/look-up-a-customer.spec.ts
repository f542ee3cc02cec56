import {
  desktop,
  expectNoAxeViolations,
  phone,
  signedInOwner,
  ownerApiHeaders,
} from './back-office';
import { expect, openAs, test } from './fixtures';

/**
 * Issue 33: the salon's owner finds a customer by phone (390 px), opens their page, sees the
 * booking, and adds an allergy note that is still there after a reload; the page passes axe at
 * 390 and 1280 px.
 */

/** The first Wednesday at least `fromAhead` days after today in London (Eilidh works all day). */
function wednesdayAhead(fromAhead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  for (let ahead = fromAhead; ; ahead++) {
    const date = new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 3) return date;
  }
}

test('at 390 px the owner finds a customer by phone, sees the booking and adds an allergy note', async ({
  page,
  site,
  consoleErrors,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  const telephone = `07700 9${String(Date.now()).slice(-5)}`;
  const made = await page.request.post('/api/manage/bookings', {
    headers: ownerApiHeaders(page),
    data: {
      source: 'phone',
      startTime: `${wednesdayAhead(20)} 11:00:00`,
      customer: { name: 'Lena Lookup', telephone },
      treatmentIds: [2],
    },
  });
  expect(made.status()).toBe(201);
  const booking = (await made.json()) as { id: number; reference: string };

  await openAs(page, 'RRB', '/manage/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.getByLabel('Name, e-mail, phone or reference').fill(telephone.replace(/\s/g, ''));
  await page.getByRole('button', { name: 'Search' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Lena Lookup' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Lena Lookup' })).toBeVisible();
  const bookings = page.getByRole('list', { name: 'Bookings' });
  const bookingLink = bookings.getByRole('link', { name: new RegExp(booking.reference) });
  await expect(bookingLink).toHaveAttribute('href', `/manage/diary?booking=${booking.id}`);

  const form = page.getByRole('form', { name: 'Add a note' });
  await form.getByLabel('Kind').selectOption({ label: 'Allergy' });
  await form.getByLabel('Note').fill('Allergic to latex gloves');
  await form.getByRole('button', { name: 'Add the note' }).click();
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes.getByText('Allergic to latex gloves')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('list', { name: 'Notes' }).getByText('Allergy')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Notes' }).getByText('Allergic to latex gloves'),
  ).toBeVisible();

  await page.setViewportSize(desktop);
  await expectNoAxeViolations(page);
  expect(consoleErrors).toEqual([]);
});
