import { desktop, expectNoAxeViolations, phone, signedInOwner } from './back-office';
import { expect, openAs, test } from './fixtures';

/**
 * Issue 17: on her phone the salon owner sets how late customers may change a booking online,
 * when the reminder goes, the two anti-hogging caps and the confirmation for new customers; the
 * server's rules refuse a value out of range with a message she can act on.
 */
test('the owner sets the change cut-off, reminder, caps and new-customer confirmation on a phone', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  const before = await (await page.request.get('/api/manage/booking-rules')).json();
  await openAs(page, 'RRB', '/manage/hours');
  await expect(page.getByRole('heading', { level: 1, name: 'Opening hours' })).toBeVisible();
  await expectNoAxeViolations(page);

  const fields = {
    cutoff: page.getByLabel('Customers can move or cancel online until (hours before)'),
    reminder: page.getByLabel('Reminder e-mail (hours before; 0 for none)'),
    longest: page.getByLabel('Longest booking online (minutes in total)'),
    perDay: page.getByLabel('Bookings one e-mail address can make for one day'),
    confirm: page.getByLabel(
      'New customers confirm by e-mail within (minutes; 0 for no confirmation)',
    ),
  };
  // Rules saved before issue 17 have none of these: the screen shows the defaults.
  await expect(fields.cutoff).toHaveValue('24');
  await expect(fields.reminder).toHaveValue('24');
  await expect(fields.longest).toHaveValue('240');
  await expect(fields.perDay).toHaveValue('2');
  await expect(fields.confirm).toHaveValue('0');

  try {
    // Out of range: the shared rules refuse it, and the screen says which and why.
    await fields.longest.fill('5');
    await page.getByRole('button', { name: 'Save the hours' }).click();
    await expect(page.getByRole('alert')).toContainText('maxBookingMinutes must be at least 15');

    await fields.cutoff.fill('48');
    await fields.reminder.fill('3');
    await fields.longest.fill('180');
    await fields.perDay.fill('1');
    await fields.confirm.fill('30');
    await page.getByRole('button', { name: 'Save the hours' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.screenshot({ path: 'test-results/booking-limits-390.png', fullPage: true });

    const saved = await (await page.request.get('/api/manage/booking-rules')).json();
    expect(saved.version).toBe(before.version + 1);
    expect(saved.rules).toMatchObject({
      changeCutoffHours: 48,
      reminderHours: 3,
      maxBookingMinutes: 180,
      maxBookingsPerEmailPerDay: 1,
      confirmNewCustomersMinutes: 30,
    });
    // They stay after a reload.
    await page.reload();
    await expect(fields.confirm).toHaveValue('30');
    await expect(fields.perDay).toHaveValue('1');
    await page.setViewportSize(desktop);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/booking-limits-1280.png', fullPage: true });
  } finally {
    // The worker's server is shared with other journeys: put the salon's rules back.
    const now = await (await page.request.get('/api/manage/booking-rules')).json();
    const restored = await page.request.put('/api/manage/booking-rules', {
      headers: { origin: new URL(page.url()).origin, 'x-requested-with': 'highstreet' },
      data: { version: now.version, rules: before.rules },
    });
    expect(restored.status()).toBe(200);
  }
});
