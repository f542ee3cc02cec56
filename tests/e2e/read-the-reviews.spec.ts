import { expect, openAs, test } from './fixtures';

test('review cards show stars only when the review has them, with text for screen readers', async ({
  page,
  consoleErrors,
}) => {
  await openAs(page, 'SE', '/reviews');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What our customers say');
  await expect(page.getByText(/From first wet test to the first frosty soak/)).toBeVisible();
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(5);
  await expect(page.getByText('5 out of 5 stars')).toHaveCount(3);
  await expect(page.getByText('4 out of 5 stars')).toHaveCount(1);
  const unrated = cards.filter({ hasText: 'Kirsty L., Edinburgh' });
  await expect(unrated).toContainText('Great range in the showroom');
  await expect(unrated).not.toContainText('out of 5 stars');
  await expect(unrated).not.toContainText('★');
  await expect(
    page.getByRole('link', { name: 'hello@spaescapes-scotland.co.uk' }).first(),
  ).toBeVisible();
  await expect(page.getByText(/to leave a review/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Independent reviews' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('reviews are the client’s own, and the cleaner also has the review widget slot', async ({
  page,
}) => {
  await openAs(page, 'PHEC', '/reviews');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reviews from our customers');
  await expect(page.getByRole('main')).not.toContainText('Fiona and Gary');
  await expect(page.getByRole('heading', { name: 'Independent reviews' })).toBeVisible();
});

test('a client without reviews gets the under-construction page', async ({
  page,
  consoleErrors,
}) => {
  await openAs(page, 'PI', '/reviews');
  await expect(
    page.getByText('Sorry this page is under constructon, please check back in a few days...'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'A work-in-progress sign' })).toBeVisible();
  await expect(page.getByText(/out of 5 stars/)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
