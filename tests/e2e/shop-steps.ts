import type { Page } from '@playwright/test';
import { expect, openAs } from './fixtures';

// Steps of the shop journeys that more than one spec takes.

/** Opens the product page and adds a quantity; the page then moves to /cart. */
export async function addToCart(
  page: Page,
  productId: number,
  quantity: string,
  clientCode = 'SE',
): Promise<void> {
  await openAs(page, clientCode, `/product/${productId}`);
  await page.getByLabel('Quantity').fill(quantity);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

/**
 * The visitor's details; delivery to `postcode` (issue 35: SE and BBG offer delivery or
 * collection, and the address is asked only for delivery).
 */
export async function fillCheckout(page: Page, name: string, postcode = 'PH1 5AA'): Promise<void> {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill('customer@example.com');
  await page.getByLabel('Phone').fill('07700 900123');
  await page.getByRole('radio', { name: 'Delivery' }).check();
  await page.getByLabel('Postcode').fill(postcode);
  await page.getByLabel('Address').fill(`12 Loch View, ${postcode}`);
  await page.getByLabel('Message').fill('Please call before delivery.');
}
