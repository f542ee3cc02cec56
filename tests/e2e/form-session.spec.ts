import { expect, openAs, test } from './fixtures';

/**
 * The form session (docs/decisions/0028-limits-that-protect-customers.md): a form on screen asks for
 * a token, and the send carries it, so the customer is limited per session, not by a shared count.
 */
test('the contact form opens a form session when shown and sends its token with the message', async ({
  page,
}) => {
  const issued = page.waitForResponse('**/api/form-token');
  await openAs(page, 'RRB', '/contact');
  const { token } = (await (await issued).json()) as { token: string };
  expect(token).toMatch(/^v1\.RRB\./);

  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Bea Example');
  await form.getByLabel('Email').fill('bea@example.com');
  await form.getByLabel('Phone').fill('07700 900456');
  await form.getByLabel('Message').fill('Form session e2e');
  // A person takes more than the 2 s time-trap to fill a form in.
  await page.waitForTimeout(2100);
  const sent = page.waitForRequest('**/api/v1.0/email/send');
  await form.getByRole('button', { name: 'Send' }).click();
  expect((await sent).headers()['x-form-token']).toBe(token);
  await expect(page).toHaveURL(/\/order\/success$/);
});
