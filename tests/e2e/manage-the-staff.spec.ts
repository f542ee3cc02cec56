import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { desktop, expectNoAxeViolations, phone, signedInOwner } from './back-office';
import { expect, openAs, test } from './fixtures';

// Issue 32: the owner manages the salon's people. On a phone: a therapist's hours get a break,
// saved and seen again after a reload; a span that ends before it starts is refused on its box
// with what was typed kept; time off is added. On a desktop: a new therapist with a photo from
// the library and one treatment, whom visitors then see.

const sameSite = (page: Page) => ({
  origin: new URL(page.url()).origin,
  'x-requested-with': 'highstreet',
});

test('the owner edits a therapist’s hours and time off, and adds a therapist visitors then see', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  await openAs(page, 'RRB', '/manage/staff');
  await expect(page.getByRole('heading', { level: 2, name: 'Eilidh Fraser' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Eilidh works Tuesdays 09:00–17:30 in one span: a break from 12:30 to 13:15.
  await page.getByRole('link', { name: 'Edit Eilidh Fraser' }).click();
  const form = page.getByRole('form', { name: 'Eilidh Fraser' });
  const tuesday = form.getByRole('group', { name: 'Tuesday' });
  await tuesday.getByRole('button', { name: 'Add a break on Tuesday' }).click();
  await tuesday.getByLabel('Ends, Tuesday span 1').fill('12:30');
  await tuesday.getByLabel('Starts, Tuesday span 2').fill('13:15');
  await tuesday.getByLabel('Ends, Tuesday span 2').fill('17:30');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Save Eilidh Fraser' }).click();
  await expect(page.getByText('Saved. Bookings follow the change now.')).toBeVisible();
  await expect(form.getByText('You have unsaved changes.')).toBeHidden();

  await page.reload();
  await expect(tuesday.getByLabel('Ends, Tuesday span 1')).toHaveValue('12:30');
  await expect(tuesday.getByLabel('Starts, Tuesday span 2')).toHaveValue('13:15');
  await expect(tuesday.getByLabel('Ends, Tuesday span 2')).toHaveValue('17:30');

  // A span that ends before it starts: said on its box, what was typed kept, nothing saved.
  const wednesdayEnd = form
    .getByRole('group', { name: 'Wednesday' })
    .getByLabel('Ends, Wednesday span 1');
  await wednesdayEnd.fill('08:00');
  await form.getByRole('button', { name: 'Save Eilidh Fraser' }).click();
  await expect(wednesdayEnd).toHaveAccessibleDescription('The end must be after the start');
  await expect(wednesdayEnd).toHaveValue('08:00');
  await expect(page.getByRole('heading', { name: 'Not saved yet' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('staff-bad-span-390.png'), fullPage: true });
  // Put back as it was: nothing left unsaved.
  await wednesdayEnd.fill('17:30');
  await expect(form.getByText('You have unsaved changes.')).toBeHidden();

  // Time off: a week's holiday.
  const timeOff = page.getByRole('form', { name: 'Add time off for Eilidh Fraser' });
  await timeOff.getByLabel('From').fill('2027-03-01');
  await timeOff.getByLabel('To (empty for one day)').fill('2027-03-05');
  await timeOff.getByLabel('Kind').selectOption('holiday');
  await timeOff.getByLabel('Note (optional, only you see it)').fill('Skye');
  await timeOff.getByRole('button', { name: 'Add the time off' }).click();
  await expect(page.getByText('2027-03-01 to 2027-03-05 · Holiday · Skye')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Remove the time off 2027-03-01 to 2027-03-05' }),
  ).toBeVisible();

  // On a desktop: a new therapist, with a photo of the library and one treatment.
  await page.setViewportSize(desktop);
  await page.getByRole('link', { name: '← All staff' }).click();
  const photo = await sharp({
    create: { width: 600, height: 600, channels: 3, background: '#b47' },
  })
    .jpeg()
    .toBuffer();
  const uploaded = await page.request.post('/api/manage/media', {
    headers: sameSite(page),
    multipart: { picture: { name: 'isla.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status()).toBe(201);
  const { file } = ((await uploaded.json()) as { picture: { file: string } }).picture;
  const menu = (await (await page.request.get('/api/manage/menu')).json()) as {
    treatments: Array<{ id: number; name: string; active: boolean }>;
  };
  const treatment = menu.treatments.find((t) => t.active)!;

  await page.getByText('Add a staff member').click();
  const add = page.getByRole('form', { name: 'Add a staff member' });
  await add.getByLabel('Name').fill('Isla Munro');
  await add.getByLabel('Short bio').fill('Isla joined for brows and lashes.');
  await add.getByRole('button', { name: 'Add the staff member' }).click();
  const isla = page.getByRole('form', { name: /^Isla Munro/ });
  await expect(
    page.getByRole('heading', { level: 2, name: 'Isla Munro (not taking bookings)' }),
  ).toBeVisible();
  await isla.getByRole('button', { name: 'Choose photo' }).click();
  const chooser = page.getByRole('dialog', { name: 'Photo: choose a picture' });
  await chooser.getByRole('radio').first().check();
  await chooser.getByRole('button', { name: 'Use this picture' }).click();
  await expect(isla.getByText(`Shows: Isla Munro`)).toBeVisible();
  await isla.getByRole('checkbox', { name: new RegExp(`^${treatment.name}`) }).check();
  await isla.getByLabel('Takes bookings (shown to visitors)').check();
  await isla.getByRole('button', { name: 'Add hours on Friday' }).click();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('staff-new-1280.png'), fullPage: true });
  await isla.getByRole('button', { name: 'Save Isla Munro' }).click();
  await expect(page.getByText('Saved. Bookings follow the change now.').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Isla Munro' })).toBeVisible();

  // Visitors see her at once, with her photo and her treatment.
  const visitors = (await (await page.request.get('/api/staff/list')).json()) as Array<{
    name: string;
    photo: string | null;
    treatmentIds: number[];
  }>;
  expect(visitors.find((m) => m.name === 'Isla Munro')).toMatchObject({
    photo: file,
    treatmentIds: [treatment.id],
  });
});
