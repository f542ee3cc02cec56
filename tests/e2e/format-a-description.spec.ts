import { desktop, expectNoAxeViolations, phone, signedInOwner, tabTo } from './back-office';
import { expect, openAs, test } from './fixtures';

test('an owner formats a product description with the keyboard alone; the product page shows it', async ({
  page,
  site,
  browser,
}) => {
  const answer = (await (
    await page.request.get(`${site.baseURL}/api/products/202?client=SE`)
  ).json()) as { title: string } | { data: { title: string } };
  const title = 'data' in answer ? answer.data.title : answer.title;

  // Axe twice on the product's editor, on a shared, busy machine.
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: site.baseURL, viewport: phone });
  const owner = await context.newPage();
  try {
    await signedInOwner(owner, site, 'SE');
    await openAs(owner, 'SE', '/manage/products');
    await tabTo(owner, owner.getByRole('link', { name: `Edit ${title}` }));
    await owner.keyboard.press('Enter');
    const form = owner.getByRole('form', { name: title });
    const text = form.getByRole('textbox', { name: 'Description' });
    const toolbar = form.getByRole('toolbar', { name: 'Description formatting' });
    const { keyboard } = owner;
    const press = async (key: string, times = 1) => {
      for (let i = 0; i < times; i++) await keyboard.press(key);
    };

    await tabTo(owner, text);
    await press('ControlOrMeta+A');
    await press('Backspace');
    // Bold: select a word with Shift+arrows, Ctrl+B.
    await keyboard.type('Seats six adults');
    await press('Shift+ArrowLeft', 6);
    await press('ControlOrMeta+B');
    await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // A list: two lines selected, then from the toolbar (Shift+Tab into it, arrows, Enter).
    // The words after it are plain again: Ctrl+B once more.
    await press('End');
    await press('ControlOrMeta+B');
    await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await press('Enter');
    await keyboard.type('Deep jets');
    await press('Enter');
    await keyboard.type('Quiet pump');
    await press('Shift+ArrowLeft', 'Quiet pump'.length + 1);
    await press('Shift+Tab');
    await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeFocused();
    await press('ArrowRight', 4);
    await expect(toolbar.getByRole('button', { name: 'Bulleted list' })).toBeFocused();
    await press('Enter');
    await expect(text).toBeFocused();
    await expect(text.locator('ul > li')).toHaveCount(2);
    // A link from the toolbar: a javascript: address is refused, keeping what was typed.
    await press('ControlOrMeta+End');
    // Enter twice: a new item, then out of the list.
    await press('Enter', 2);
    await keyboard.type('Read the manual');
    await press('Shift+ArrowLeft', 6);
    await press('Shift+Tab');
    await press('End');
    await expect(toolbar.getByRole('button', { name: 'Link' })).toBeFocused();
    await press('Enter');
    const address = form.getByRole('textbox', { name: 'Link address' });
    await expect(address).toBeFocused();
    await keyboard.type('javascript:alert(1)');
    await press('Enter');
    await expect(form.getByRole('alert')).toContainText('starting with https://');
    await expect(address).toHaveValue('javascript:alert(1)');
    await press('ControlOrMeta+A');
    await keyboard.type('https://example.com/manual');
    await press('Enter');
    await expect(text).toBeFocused();
    await expect(text.getByRole('link', { name: 'manual' })).toHaveAttribute(
      'href',
      'https://example.com/manual',
    );

    await expectNoAxeViolations(owner);
    await form.screenshot({ path: test.info().outputPath('description-editor-390.png') });
    await owner.setViewportSize(desktop);
    await expectNoAxeViolations(owner);

    await press('Tab');
    await expect(form.getByRole('button', { name: `Save ${title}` })).toBeFocused();
    await press('Enter');
    await expect(form.getByText('Saved. The site shows the change now.')).toBeVisible();
  } finally {
    await context.close();
  }

  await openAs(page, 'SE', '/product/202');
  const description = page.locator('.product-description');
  await expect(description.locator('strong')).toHaveText(['adults']);
  await expect(description.locator(':scope > p')).toHaveText([
    'Seats six adults',
    'Read the manual',
  ]);
  await expect(description.getByRole('listitem')).toHaveText(['Deep jets', 'Quiet pump']);
  await expect(description.getByRole('link', { name: 'manual' })).toHaveAttribute(
    'href',
    'https://example.com/manual',
  );
});
