import { clientCodes, expect, openAs, test } from './fixtures';

for (const code of clientCodes) {
  test(`the ${code} home page loads with its title and stylesheet, without console errors`, async ({
    page,
    consoleErrors,
    request,
  }) => {
    const client = await (await request.get(`/api/client?client=${code}`)).json();
    await openAs(page, code);
    await expect(page).toHaveTitle(client.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator(`style[data-theme="${code}"]`)).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}

test('an unknown path shows a real not-found page', async ({ page }) => {
  const response = await page.goto('/this-is-not-a-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
});

test('a page without a readable client config logs the spec error and shows a plain page', async ({
  page,
  consoleErrors,
}) => {
  await page.route('**/about', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<script type="application\/json" id="client-config">.*?<\/script>/s,
      '',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto('/about');
  await expect(
    page.getByRole('heading', { name: 'Sorry, this site is not available right now' }),
  ).toBeVisible();
  expect(consoleErrors.some((e) => e.startsWith('Unable to read client config'))).toBe(true);
});
