import {
  addOwner,
  desktop,
  expectNoAxeViolations,
  password,
  phone,
  signIn,
  tabTo,
} from './back-office';
import { expect, openAs, test } from './fixtures';

test.describe('at 390px', () => {
  test.use({ viewport: phone });

  test('an owner sets a password from the CLI link, signs out, and signs in again to where they were going', async ({
    page,
    site,
    consoleErrors,
  }) => {
    const { email, token } = await addOwner(site);
    await openAs(page, 'RRB', `/login/set-password?token=${token}`);
    await page.getByLabel('New password').fill('short1');
    await page.getByLabel('The same password again').fill('short1');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('at least 10 characters');
    await page.getByLabel('New password').fill('Password1234');
    await page.getByLabel('The same password again').fill('Password1234');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('most common');
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('The same password again').fill(password);
    await page.getByRole('button', { name: 'Save password and sign in' }).click();

    await expect(page).toHaveURL(/\/manage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Ruby Rose');
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Signed out, the back office's first API call answers 401: the 401 rule brings them to
    // /login with where they were going, and signing in takes them there.
    await page.goto('/manage/audit');
    await expect(page).toHaveURL(/\/login\?next=%2Fmanage%2Faudit$/);
    await expectNoAxeViolations(page);
    await signIn(page, email, 'not my password');
    await expect(page.getByRole('alert')).toHaveText(
      'The e-mail address or password is not right, or the account cannot sign in.',
    );
    await signIn(page, email);
    await expect(page).toHaveURL(/\/manage\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    await expect(page.getByText('Failed sign-in (wrong password)')).toBeVisible();
    // Other owners of this client (other tests on this server) appear in the trail too.
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: email })
        .filter({ hasText: 'Set a new password' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // Straight to /login, signing in lands on the back office's home.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/manage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
    // The failed sign-in and the refused passwords answered 4xx, which the browser logs.
    expect(consoleErrors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
  });

  test('a next that leaves the site (/\\evil.example, %09, %0a) signs in to the back office home, with no error', async ({
    page,
    site,
  }) => {
    const { email, token } = await addOwner(site);
    await openAs(page, 'RRB', `/login/set-password?token=${token}`);
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('The same password again').fill(password);
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await expect(page).toHaveURL(/\/manage$/);
    // Issue 30, probe 13: signed in, but the page said the password was wrong.
    for (const next of ['/%5Cevil.example', '/%09/evil.example', '/%0a/evil.example']) {
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
      await openAs(page, 'RRB', `/login?next=${next}`);
      await signIn(page, email);
      await expect(page, next).toHaveURL(/\/manage$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    }
  });

  test('the reset screen answers the same for any address', async ({ page }) => {
    await openAs(page, 'RRB', '/login');
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    await expect(page).toHaveURL(/\/login\/reset$/);
    await expectNoAxeViolations(page);
    await page.getByLabel('E-mail address').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status')).toContainText('If that address belongs to an account');
  });
});

test.describe('at 1280px', () => {
  test.use({ viewport: desktop });

  test('sign-in and back-office screens have no axe violations', async ({ page, site }) => {
    const { email, token } = await addOwner(site);
    await openAs(page, 'RRB', '/login');
    await expectNoAxeViolations(page);
    await openAs(page, 'RRB', `/login/set-password?token=${token}`);
    await expectNoAxeViolations(page);
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('The same password again').fill(password);
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await expect(page).toHaveURL(/\/manage$/);
    await expectNoAxeViolations(page);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Audit' })
      .click();
    await expect(page.getByText(`${email}`).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an owner signs in with the keyboard alone', async ({ page, site }) => {
    const { email, token } = await addOwner(site);
    await openAs(page, 'RRB', `/login/set-password?token=${token}`);
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('The same password again').fill(password);
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await expect(page).toHaveURL(/\/manage$/);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    await openAs(page, 'RRB', '/login?next=%2Fmanage%2Faudit');
    const emailField = page.getByLabel('E-mail address');
    await tabTo(page, emailField);
    await expect(emailField).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/manage\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();

    // The menu is reachable and usable from the keyboard too.
    await tabTo(page, page.getByRole('banner').getByRole('link').first());
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/manage$/);
  });
});
