// Temporary (not committed): screenshots of the month view to look at.
import { openAs, test } from './fixtures';

for (const width of [390, 1280]) {
  test(`screens at ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 1100 });
    await openAs(page, 'RRB', '/booking');
    await page.getByRole('button', { name: 'Nails' }).click();
    await page.getByRole('checkbox', { name: /Gel Manicure/ }).check();
    await page.locator('[data-state="free"]').first().waitFor();
    await page.locator('[data-state="free"]').nth(2).click();
    await page.getByRole('group', { name: /Available times on/ }).waitFor();
    await page.locator('[data-state="free"]').nth(3).focus();
    await page.screenshot({ path: `/tmp/i17c-booking-${width}.png`, fullPage: true });
  });
}
