import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, openAs, test } from './fixtures';

const relayPath = '**/api/v1.0/email/send';

function countRelayCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/v1.0/email/')) calls += 1;
  });
  return () => calls;
}

test('the contact form shows the three messages, keeps them until the next submit, and sends nothing', async ({
  page,
}) => {
  const relayCalls = countRelayCalls(page);
  await openAs(page, 'JS', '/contact');
  const client = await (await page.request.get('/api/client?client=JS')).json();
  await expect(page.getByRole('heading', { level: 1, name: client.contactHeader })).toBeVisible();
  await expect(page.getByText(client.contactBlurb)).toBeVisible();
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('alert')).toHaveText([
    'Please enter Name',
    'Please enter Email',
    'Please enter Phone number',
  ]);
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  // Typing does not clear a message; only the next submit does.
  await form.getByLabel('Name').fill('Ann Example');
  await form.getByLabel('Email').fill('ann@example.com');
  await expect(form.getByText('Please enter Name')).toBeVisible();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('alert')).toHaveText(['Please enter Phone number']);
  await expect(page).toHaveURL(/\/contact/);
  expect(relayCalls()).toBe(0);
});

test('/contact with its messages showing passes axe', async ({ page }) => {
  await openAs(page, 'RRB', '/contact');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toHaveCount(3);
  await expectNoAxeViolations(page);
});

test('a contact message reaches the business by e-mail, once even on a double click', async ({
  page,
  site,
}) => {
  const marker = `contact-e2e-${Date.now()}`;
  await openAs(page, 'RRB', '/contact');
  const client = await (await page.request.get('/api/client?client=RRB')).json();
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Bea <b>Bold</b>');
  await form.getByLabel('Email').fill('bea@example.com');
  await form.getByLabel('Phone').fill('07700 900456');
  await form.getByLabel('Message').fill(`Do you have space on Saturday? ${marker}`);
  await form.getByRole('button', { name: 'Send' }).dblclick();
  await expect(page).toHaveURL(/\/order\/success$/);
  const mail = await site.smtp.waitFor((m) => m.raw.includes(marker));
  expect(mail.to).toEqual([client.email]);
  expect(mail.raw).toContain('Reply-To: bea@example.com');
  expect(mail.raw).toMatch(/Subject: .*New enquiry from Bea <b>Bold<\/b>/);
  // Let the worker run a few more rounds: a second copy would have arrived by now.
  await page.waitForTimeout(2500);
  expect(site.smtp.messages.filter((m) => m.raw.includes(marker))).toHaveLength(1);
});

test('the same message sent again after it was sent reaches the business once', async ({
  page,
  site,
}) => {
  // What a double click's second click does when the form was still checking it as the first was
  // sent (seen under load): it sends the same values after the first has succeeded.
  const relayCalls = countRelayCalls(page);
  const marker = `contact-again-${Date.now()}`;
  await openAs(page, 'RRB', '/contact');
  for (const attempt of [1, 2]) {
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Name').fill('Cas');
    await form.getByLabel('Email').fill('cas@example.com');
    await form.getByLabel('Phone').fill('07700 900333');
    await form.getByLabel('Message').fill(marker);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(page, `send ${attempt}`).toHaveURL(/\/order\/success$/);
    if (attempt === 1) await page.goBack();
  }
  expect(relayCalls()).toBe(2);
  await site.smtp.waitFor((m) => m.raw.includes(marker));
  // Let the worker run a few more rounds: a second copy would have arrived by now.
  await page.waitForTimeout(2500);
  expect(site.smtp.messages.filter((m) => m.raw.includes(marker))).toHaveLength(1);
});

test('a relay that answers with an error sends the visitor to /order/fail', async ({ page }) => {
  await page.route(relayPath, (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'Server error' }),
  );
  await openAs(page, 'PI', '/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Cal');
  await form.getByLabel('Email').fill('cal@example.com');
  await form.getByLabel('Phone').fill('07700 900789');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/order\/fail$/);
});

test('a relay that cannot be reached keeps the form, says so and offers Try again', async ({
  page,
}) => {
  await page.route(relayPath, (route) => route.abort('connectionrefused'));
  await openAs(page, 'JS', '/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Dee');
  await form.getByLabel('Email').fill('dee@example.com');
  await form.getByLabel('Phone').fill('07700 900111');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('alert')).toContainText('We could not connect.');
  await expect(page).toHaveURL(/\/contact/);
  await expect(form.getByLabel('Name')).toHaveValue('Dee');
  await page.unroute(relayPath);
  await form.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/order\/success$/);
});

test('the footer shows the contact form where the client asks for it', async ({ page }) => {
  await openAs(page, 'PI', '/');
  await expect(
    page.getByRole('contentinfo').getByRole('form', { name: 'Send us a message' }),
  ).toBeVisible();
  await openAs(page, 'JS', '/');
  await expect(page.getByRole('form', { name: 'Send us a message' })).toHaveCount(0);
});

test('a travel enquiry on JS reaches Jet Set Travel Club with every detail', async ({
  page,
  site,
}) => {
  const marker = `travel-e2e-${Date.now()}`;
  await openAs(page, 'JS', '/travelbooking');
  await expect(page.getByRole('heading', { level: 1, name: 'Travel enquiry' })).toBeVisible();
  await expect(page.getByText('Please allow up to 7 days for a response.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Travel enquiry' });

  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(form.getByRole('alert')).toHaveText([
    'Please enter Name',
    'Please enter Phone number',
    'Please enter Email',
  ]);
  await expectNoAxeViolations(page);

  await form.getByLabel('Name').fill('Fiona Traveller');
  await form.getByLabel('Phone').fill('07700 900222');
  await form.getByLabel('Email').fill('fiona@example.com');
  await form.getByLabel('Destination').fill('Crete');
  await form.getByLabel('How long would you like to stay?').fill('7 nights in late July');
  await form.getByLabel('Budget').fill('3000 pounds');
  await form.getByLabel('Number of adults').fill('2');
  await form.getByLabel('Number of children').fill('2');
  await form.getByLabel("Children's ages").fill('4 and 7');
  await form.getByLabel('Board').selectOption('All inclusive');
  await form.getByLabel('Room type').fill('Family room');
  await form.getByLabel('Bed configuration').fill('One double and two singles');
  await form.getByLabel('Area').fill('Near the beach');
  await form.getByLabel('Hotels you like the look of').fill('Anything with a splash park');
  await form.getByLabel('Anything else we should know').fill(marker);
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page).toHaveURL(/\/order\/success$/);

  const mail = await site.smtp.waitFor((m) => m.raw.includes(marker));
  expect(mail.to).toEqual(['joanne@jetsettravelclub.co.uk']);
  expect(mail.raw).toContain('Subject: [Jet Set Travel Club] Travel enquiry from Fiona Traveller');
  for (const line of [
    'Destination: Crete',
    'Length of stay: 7 nights in late July',
    'Adults: 2',
    'Children: 2',
    "Children's ages: 4 and 7",
    'Board: All inclusive',
    'Room type: Family room',
    'Bed configuration: One double and two singles',
    'Area: Near the beach',
    'Hotels: Anything with a splash park',
    'Budget: 3000 pounds',
  ]) {
    expect(mail.raw).toContain(line);
  }
});

test('the travel form passes axe, and other clients see the under-construction page', async ({
  page,
}) => {
  await openAs(page, 'JS', '/travelbooking');
  await expect(page.getByRole('form', { name: 'Travel enquiry' })).toBeVisible();
  await expectNoAxeViolations(page);
  await openAs(page, 'RRB', '/travelbooking');
  await expect(
    page.getByText('Sorry this page is under constructon, please check back in a few days...'),
  ).toBeVisible();
});

test('a bot that fills the hidden field is thanked, and nothing is sent', async ({
  page,
  site,
}) => {
  const marker = `honeypot-e2e-${Date.now()}`;
  await openAs(page, 'RRB', '/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Bot');
  await form.getByLabel('Email').fill('bot@example.com');
  await form.getByLabel('Phone').fill('000');
  await form.getByLabel('Message').fill(marker);
  await form.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
    input.value = 'http://spam.example';
  });
  const answer = page.waitForResponse('**/api/v1.0/email/send');
  await form.getByRole('button', { name: 'Send' }).click();
  expect(await (await answer).text()).toBe('OK');
  await expect(page).toHaveURL(/\/order\/success$/);
  await page.waitForTimeout(2500);
  expect(site.smtp.messages.filter((m) => m.raw.includes(marker))).toHaveLength(0);
});
