import { DatabaseSync } from '@photostructure/sqlite';
import { expectNoAxeViolations, phone, signedInOwner, ownerApiHeaders } from './back-office';
import { expect, openAs, test } from './fixtures';

// Issue 33, reviews the owner runs: a completed visit e-mails the customer a signed link; the
// customer writes a review at 390 px; it waits until the owner publishes it on the Reviews screen
// with a public reply; then /reviews shows both. (The Reviews screen's axe checks at 390 and
// 1280 px: find-the-way-round-the-back-office.spec.ts.)

/** YYYY-MM-DD of the salon's calendar, `ahead` days after today in London. */
function londonDate(ahead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
}

/** RRB is open Tuesday to Saturday and closed on a few listed dates: the first open day ahead. */
function nextOpenDay(): string {
  const closedDates = ['2026-12-25', '2026-12-26', '2027-01-01'];
  for (let ahead = 1; ; ahead++) {
    const date = londonDate(ahead);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 2 && weekday <= 6 && !closedDates.includes(date)) return date;
  }
}

test('a customer reviews a completed visit from the e-mailed link; the owner publishes it with a reply', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  const headers = ownerApiHeaders(page);

  // The owner asks for reviews at once (no delay), so the link is in the outbox now.
  const settings = await page.request.get('/api/manage/reviews/settings');
  const { version } = (await settings.json()) as { version: number };
  const asked = await page.request.put('/api/manage/reviews/settings', {
    headers,
    data: { enabled: true, delayDays: 0, oncePerDays: 30, version },
  });
  expect(asked.ok()).toBe(true);

  // A phone booking ahead, moved to yesterday behind the server's back (a visit in the past
  // cannot be booked), then marked completed through the owner API: that queues the request.
  const menu = (await (await page.request.get('/api/manage/menu')).json()) as {
    treatments: Array<{ id: number; active: boolean }>;
  };
  const treatment = menu.treatments.find((t) => t.active)!;
  const email = `reviewer-${Date.now()}@example.com`;
  const date = nextOpenDay();
  let bookingId: number | undefined;
  for (const time of ['15:00', '14:00', '13:00', '11:00', '10:00']) {
    const booked = await page.request.post('/api/manage/bookings', {
      headers,
      data: {
        source: 'phone',
        startTime: `${date} ${time}:00`,
        customer: { name: 'Morag Thistle', telephone: '07700 900 321', email },
        treatmentIds: [treatment.id],
      },
    });
    if (booked.status() === 201) {
      bookingId = ((await booked.json()) as { id: number }).id;
      break;
    }
  }
  expect(bookingId).toBeDefined();
  const db = new DatabaseSync(site.sqliteFile);
  let link: string;
  try {
    db.prepare('UPDATE bookings SET booking_date = ? WHERE id = ?').run(londonDate(-1), bookingId);
    const marked = await page.request.post(`/api/manage/bookings/${bookingId}/status`, {
      headers,
      data: { status: 'completed' },
    });
    expect(marked.ok()).toBe(true);
    const row = db
      .prepare(
        "SELECT text FROM outbox WHERE template_id = 'review-request' AND mail_to = ? ORDER BY id DESC",
      )
      .get(email) as { text: string } | undefined;
    link = /\/review\/\S+/.exec(row!.text)![0];
  } finally {
    db.close();
  }

  // The customer, on a phone: the form greets them, checks the stars, then takes the review.
  await openAs(page, 'RRB', link);
  await expect(page.getByRole('heading', { level: 1, name: 'Write a review' })).toBeVisible();
  await expect(page.getByLabel('Your name as shown')).toHaveValue('Morag Thistle');
  await expectNoAxeViolations(page);
  const words = `Calm, careful and kind <b>${Date.now()}</b>`;
  await page.getByRole('textbox', { name: 'Your review' }).fill(words);
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByText('Please choose from 1 to 5 stars').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your review' })).toHaveValue(words);
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you for your review' }),
  ).toBeVisible();

  // Not public until the owner publishes it.
  const before = (await (await page.request.get('/api/reviews?client=RRB')).json()) as Array<{
    review: string;
  }>;
  expect(before.some((r) => r.review === words)).toBe(false);

  // The owner approves it and replies, on the Reviews screen.
  await openAs(page, 'RRB', '/manage/reviews');
  const card = page.getByRole('listitem').filter({ hasText: words });
  await expect(card.getByText('Waiting for your approval')).toBeVisible();
  await card.getByRole('button', { name: 'Publish, review by Morag Thistle' }).click();
  await expect(card.getByText('Published', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Reply, review by Morag Thistle' }).click();
  await card.getByLabel('Your public reply').fill('Thank you, Morag: see you soon.');
  await card.getByRole('button', { name: 'Save the reply' }).click();
  await expect(card.getByText('Thank you, Morag: see you soon.')).toBeVisible();

  // The site shows it, words as typed (escaped), with the reply under it.
  await openAs(page, 'RRB', '/reviews');
  const shown = page.getByRole('listitem').filter({ hasText: words });
  await expect(shown).toBeVisible();
  await expect(shown.getByText('Thank you, Morag: see you soon.')).toBeVisible();
});
