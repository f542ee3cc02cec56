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

export async function fillCheckout(page: Page, name: string): Promise<void> {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill('customer@example.com');
  await page.getByLabel('Phone').fill('07700 900123');
  await page.getByLabel('Address').fill('12 Loch View, Perth PH1 5AA');
  await page.getByLabel('Message').fill('Please call before delivery.');
}
