import type { Page, Request } from '@playwright/test';
import { expect, openAs, test } from './fixtures';

function recordProbes(page: Page): Request[] {
  const probes: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/diagnostics/failure-probe')) probes.push(request);
  });
  return probes;
}

test('the failure screen shows the client text and posts its diagnostic once', async ({
  page,
  consoleErrors,
}) => {
  const probes = recordProbes(page);
  const answered = page.waitForResponse('**/api/diagnostics/failure-probe');
  await openAs(page, 'JS', '/order/fail');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Sorry we were unable to process your inquery.',
  );
  await expect(
    page.getByText('Your booking has not made it through our system due to technical reasons'),
  ).toBeVisible();
  expect((await answered).status()).toBe(200);
  await page.waitForTimeout(1000);
  expect(probes).toHaveLength(1);
  expect(probes[0]!.method()).toBe('POST');
  expect(probes[0]!.postDataJSON()).toEqual({ message: 'test' });
  expect(consoleErrors).toEqual([]);
});

test('/fees shows the failure page, and reaching it in the app posts once more', async ({
  page,
}) => {
  const probes = recordProbes(page);
  await openAs(page, 'SE', '/fees');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Sorry, we were unable to process your request',
  );
  await expect.poll(() => probes.length).toBe(1);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "Customer service that doesn't stop at delivery",
  );
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Sorry, we were unable to process your request',
  );
  await expect.poll(() => probes.length).toBe(2);
  await page.waitForTimeout(500);
  expect(probes).toHaveLength(2);
});

test('the success screen shows the client text and posts nothing', async ({ page }) => {
  const probes = recordProbes(page);
  await openAs(page, 'JS', '/order/success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your inquiry has been sent');
  await expect(page.getByText('We will response as soon as we can.')).toBeVisible();
  await page.waitForTimeout(500);
  expect(probes).toHaveLength(0);
});
