import type { Page } from '@playwright/test';
import { desktop, expectNoAxeViolations, password, phone, signedInOwner } from './back-office';
import { expect, openAs, test } from './fixtures';

// Issue 31, "never lose work": the hours screen warns before its unsaved changes are left behind,
// keeps them over a reload, survives an ended session and shows both versions when someone else
// saved first.

const sameSite = (page: Page) => ({
  origin: new URL(page.url()).origin,
  'x-requested-with': 'highstreet',
});

async function currentRules(page: Page): Promise<{ version: number; rules: { capacity: number } }> {
  return (await page.request.get('/api/manage/booking-rules')).json();
}

/** Saves the salon's booking rules through the owner's API over whatever version is current. */
async function saveRules(page: Page, rules: unknown): Promise<void> {
  const now = await currentRules(page);
  const saved = await page.request.put('/api/manage/booking-rules', {
    headers: sameSite(page),
    data: { version: now.version, rules },
  });
  expect(saved.status()).toBe(200);
}

test('a closure added but not saved: leaving asks first, and a reload brings it back', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  const before = await currentRules(page);
  // From the back office's home by its link: Back then stays inside the app.
  await page.getByRole('main').getByRole('link', { name: 'Hours', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Opening hours' })).toBeVisible();

  try {
    await page.getByLabel('From', { exact: true }).fill('2027-12-24');
    await page.getByLabel('To (optional, for several days)').fill('2027-12-26');
    await page.getByLabel('Reason (optional)').fill('Christmas');
    await page.getByRole('button', { name: 'Add the closure' }).click();
    const closure = page.getByRole('listitem').filter({ hasText: '2027-12-24 to 2027-12-26' });
    await expect(closure).toContainText('(Christmas)');
    // The closure's own little form empties; the hours form around it keeps its values.
    await expect(page.getByLabel('Reason (optional)')).toHaveValue('');
    await expect(page.getByLabel('Appointments at once (chairs)')).toHaveValue(
      String(before.rules.capacity),
    );

    // A link inside the back office: the question, and staying keeps the closure.
    await page.getByRole('link', { name: 'Diary' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await expectNoAxeViolations(page);
    await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/manage\/hours(\?|$)/);
    await expect(closure).toBeVisible();

    // The draft is written shortly after the change.
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.includes('hours'))))
      .toBe(true);

    // The browser's Back button: the same question. Staying keeps the closure and the address.
    await page.goBack({ waitUntil: 'commit' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/manage\/hours(\?|$)/);
    await expect(closure).toBeVisible();
    // Back again, and leaving leaves: the home screen, one step back, as Back promised.
    await page.goBack({ waitUntil: 'commit' });
    await leave.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
    await expect(page).toHaveURL(/\/manage(\?|$)/);
    // The draft stays: opening the hours again brings the closure back.
    await page.getByRole('main').getByRole('link', { name: 'Hours', exact: true }).click();
    await expect(closure).toContainText('(Christmas)');

    // A reload asks (beforeunload).
    const asked = page.waitForEvent('dialog').then(async (dialog) => {
      const type = dialog.type();
      await dialog.accept();
      return type;
    });
    await page.reload();
    expect(await asked).toBe('beforeunload');

    // After the reload the unsaved closure is back, and says so; saving it keeps it.
    await expect(page.getByText(/We restored your unsaved changes/)).toBeVisible();
    await expect(closure).toContainText('(Christmas)');
    await page.getByRole('button', { name: 'Save the hours' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(page.getByText(/We restored your unsaved changes/)).toBeHidden();
    const saved = await (await page.request.get('/api/manage/booking-rules')).json();
    expect(saved.rules.closures).toContainEqual({
      from: '2027-12-24',
      to: '2027-12-26',
      reason: 'Christmas',
    });

    // A one-day closure (no "To"), saved while the connection is cut: the closure and the
    // message stay, and Save, pressed again once the connection is back, is not covered by the
    // failure note (on a phone it sat over the save bar).
    await page.getByLabel('From', { exact: true }).fill('2027-12-31');
    await page.getByRole('button', { name: 'Add the closure' }).click();
    const oneDay = page.getByRole('listitem').filter({ hasText: '2027-12-31' });
    await expect(oneDay).not.toContainText(' to ');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Save the hours' }).click();
    await expect(
      page.getByRole('region', { name: 'Not saved yet' }).getByText(/We could not connect/),
    ).toBeVisible();
    await expect(oneDay).toBeVisible();
    await page.context().setOffline(false);
    // The answer itself, not the note: the first save's "Saved." may still be showing (5 s).
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/manage/booking-rules') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save the hours' }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    const savedAgain = await (await page.request.get('/api/manage/booking-rules')).json();
    expect(savedAgain.rules.closures).toContainEqual({ from: '2027-12-31', to: '2027-12-31' });

    // Saved: leaving asks nothing any more.
    await page.getByRole('link', { name: 'Diary' }).click();
    await expect(page).toHaveURL(/\/manage\/diary/);
  } finally {
    await page.context().setOffline(false);
    await saveRules(page, before.rules);
  }
});

test('a session that ends mid-edit is renewed in place and the save goes through; a save over someone else’s shows both versions', async ({
  page,
  site,
}) => {
  await page.setViewportSize(desktop);
  await signedInOwner(page, site, 'RRB');
  const before = await currentRules(page);
  await openAs(page, 'RRB', '/manage/hours');
  const chairs = page.getByLabel('Appointments at once (chairs)');
  await expect(chairs).toHaveValue(String(before.rules.capacity));

  try {
    // The session cookie goes (as when it expires): the save asks for the password in place.
    await chairs.fill('4');
    await page.context().clearCookies({ name: 'hs_owner' });
    await page.getByRole('button', { name: 'Save the hours' }).click();
    const again = page.getByRole('dialog', { name: 'Please sign in again' });
    await expect(again).toBeVisible();
    await expectNoAxeViolations(page);
    await again.getByLabel('Password').fill(password);
    await again.getByRole('button', { name: 'Sign in and carry on' }).click();
    await expect(again).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(page).toHaveURL(/\/manage\/hours(\?|$)/);
    expect((await currentRules(page)).rules.capacity).toBe(4);

    // Someone else saves 3 chairs while this owner types 5: both versions, and her choice.
    await chairs.fill('5');
    await saveRules(page, { ...(await currentRules(page)).rules, capacity: 3 });
    await page.getByRole('button', { name: 'Save the hours' }).click();
    const conflict = page.getByRole('region', { name: 'Changed by someone else' });
    await expect(conflict).toBeVisible();
    const row = conflict.getByRole('row', { name: /Appointments at once/ });
    await expect(row.getByRole('cell')).toHaveText(['3', '5']);
    await expectNoAxeViolations(page);
    await conflict.getByRole('button', { name: 'Keep mine and save' }).click();
    await expect(conflict).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    expect((await currentRules(page)).rules.capacity).toBe(5);
  } finally {
    await saveRules(page, before.rules);
  }
});

test('the treatment form checks with the shared rules, says what is wrong beside each field, and confirms the save', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  await openAs(page, 'RRB', '/manage/treatments');
  await page
    .getByRole('button', { name: /^Add a treatment to / })
    .last()
    .click();
  const name = `Probe facial ${Date.now()}`;
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Add the treatment' }) });

  // Nothing typed: the shared schema's messages, beside the fields and in the summary.
  await form.getByRole('button', { name: 'Add the treatment' }).click();
  const summary = page.getByRole('region', { name: 'Not saved yet' });
  await expect(summary).toBeFocused();
  await expect(form.getByLabel('Price (£)')).toHaveAttribute('aria-invalid', 'true');
  await expect(summary.getByRole('button', { name: /^Duration \(minutes\): / })).toBeVisible();
  await expectNoAxeViolations(page);

  // Leaving with it half filled asks first.
  await form.getByLabel('Name').fill(name);
  await page.getByRole('link', { name: 'Home', exact: true }).last().click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();

  await form.getByLabel('Price (£)').fill('42.50');
  await form.getByLabel('Duration (minutes)').fill('45');
  await form.getByRole('button', { name: 'Add the treatment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Treatment added.' })).toBeVisible();
  const added = page.getByRole('listitem').filter({ hasText: name });
  await expect(added).toContainText('£42.50 · 45 min');
  // Saved: nothing holds the owner on the screen any more.
  await page.getByRole('link', { name: 'Home', exact: true }).last().click();
  await expect(page).toHaveURL(/\/manage(\?|$)/);
  // The journeys share the worker's server: the probe treatment stops being offered.
  await openAs(page, 'RRB', '/manage/treatments');
  await page.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('not offered');
});

/** The first day ahead RRB takes bookings on (Tuesday to Saturday, not a listed closure). */
function nextOpenDay(): string {
  const closedDates = ['2026-12-25', '2026-12-26', '2027-01-01'];
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  for (let ahead = 1; ; ahead++) {
    const date = new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 2 && weekday <= 6 && !closedDates.includes(date)) return date;
  }
}

test('the diary’s forms: a phone booking added on the kit, and a refused cancellation keeps its reason on the field', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  await page.getByRole('link', { name: 'Diary', exact: true }).first().click();
  await page.getByRole('link', { name: 'Add a booking' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a booking' })).toBeVisible();

  // Nothing chosen: the shared schema's messages beside the fields and in the summary.
  await page.getByRole('button', { name: 'Add the booking' }).click();
  const summary = page.getByRole('region', { name: 'Not saved yet' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('button', { name: /^Treatments: Please choose/ })).toBeVisible();
  await expect(page.getByLabel(/^Time\b/)).toHaveAttribute('aria-invalid', 'true');

  const customer = `Kit Caller ${Date.now()}`;
  await page.getByRole('checkbox').first().check();
  await page.getByLabel(/^Date\b/).fill(nextOpenDay());
  const time = page.getByLabel(/^Time\b/);
  await expect(time.locator('option').nth(1)).toBeAttached();
  await time.selectOption({ index: 1 });
  await page.getByLabel("Customer's name").fill(customer);
  await page.getByRole('button', { name: 'Add the booking' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /^Booking [0-9A-Z]{8}$/ }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Booking added.' })).toBeVisible();
  await expect(page.getByText(customer)).toBeVisible();

  // The server refuses the message (the request is made too long on its way, as a page older
  // than the server's rule would send it): the refusal sits on the field, the words stay as typed.
  const reason = 'Customer rang: the car broke down';
  await page.route('**/api/manage/bookings/*/cancel', (route) =>
    route.continue({ postData: JSON.stringify({ message: 'x'.repeat(1001) }) }),
  );
  const reasonBox = page.getByLabel(/^Message to the customer/);
  await reasonBox.fill(reason);
  await page.getByRole('button', { name: 'Cancel the booking…' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the booking' }).click();
  await expect(reasonBox).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('Please keep the message to the customer under 1000 characters').first(),
  ).toBeVisible();
  await expect(reasonBox).toHaveValue(reason);
  await expectNoAxeViolations(page);

  // Sent as typed, it goes through.
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Cancel the booking…' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the booking' }).click();
  await expect(page.getByText('Cancelled by the salon')).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
});
