import type { Page } from '@playwright/test';
import { expect, openAs, test } from './fixtures';

// JS has four slides and a 3000 ms slideTimer.
const slideTimerMs = 3000;

function slider(page: Page) {
  return page.getByRole('region', { name: 'Pictures from Jet Set Travel Club' });
}

async function expectCurrentSlide(page: Page, n: number, timeout?: number) {
  await expect(slider(page).getByRole('button', { name: `Go to slide ${n}` })).toHaveAttribute(
    'aria-current',
    'true',
    timeout ? { timeout } : undefined,
  );
}

/**
 * Opens JS's home page on Playwright's clock and stops the page's time once embla, loaded after
 * the first paint, has taken the track (its transform is set; before that no timer runs, and a
 * still slider would prove nothing). From then on the page's timers fire only when the test moves
 * the clock on with `runFor`: a slide that must not move cannot move back round while an
 * expectation waits, and nobody waits for the slider's timer.
 */
async function openSlider(page: Page, { stopTime = true } = {}) {
  await page.clock.install();
  await openAs(page, 'JS');
  await expect(slider(page).locator('.slider__track')).toHaveAttribute('style', /transform/);
  if (stopTime) await stopPageTime(page);
}

/** From now on the page's timers fire only when the test runs the clock on. */
async function stopPageTime(page: Page) {
  await page.clock.pauseAt(Date.now() + 100);
}

/** Moves the pointer off the slider and focus out of it, so only the Pause state can hold it. */
async function leaveSlider(page: Page) {
  await page.mouse.move(2, 2);
  await page.getByRole('heading', { level: 1 }).focus();
}

test('the slider advances by itself and wraps around', async ({ page, consoleErrors }) => {
  await openSlider(page);
  await expectCurrentSlide(page, 1);
  const first = slider(page).getByRole('group', { name: '1 of 4' }).getByRole('img');
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(
    slider(page).getByRole('group', { name: '2 of 4' }).getByRole('img'),
  ).toHaveAttribute('loading', 'lazy');

  await page.clock.runFor(slideTimerMs + 500);
  await expectCurrentSlide(page, 2);
  await slider(page).getByRole('button', { name: 'Go to slide 4' }).click();
  await leaveSlider(page);
  await page.clock.runFor(slideTimerMs + 500);
  await expectCurrentSlide(page, 1);
  expect(consoleErrors).toEqual([]);
});

test('the arrows and dots move the slides, looping at both ends', async ({ page }) => {
  await openAs(page, 'JS');
  const region = slider(page);
  // The arrows move the slides once embla, loaded after the first paint, has taken the track.
  await expect(region.locator('.slider__track')).toHaveAttribute('style', /transform/);
  await region.getByRole('button', { name: 'Next slide' }).click();
  await expectCurrentSlide(page, 2);
  await region.getByRole('button', { name: 'Previous slide' }).click();
  await expectCurrentSlide(page, 1);
  await region.getByRole('button', { name: 'Previous slide' }).click();
  await expectCurrentSlide(page, 4);
  await region.getByRole('button', { name: 'Go to slide 3' }).click();
  await expectCurrentSlide(page, 3);
});

test('the slides can be dragged with the mouse, which pauses them', async ({ page }) => {
  // A drag is timed by the page (its speed decides where it lands): time runs while dragging.
  await openSlider(page, { stopTime: false });
  const firstSlide = slider(page).getByRole('group', { name: '1 of 4' });
  await firstSlide.scrollIntoViewIfNeeded();
  const box = (await firstSlide.boundingBox())!;
  const y = box.y + box.height / 2;
  // Well inside the 3000 ms timer, so only the drag can have moved the slides.
  const quickly = 1500;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 12 });
  await page.mouse.up();
  await expectCurrentSlide(page, 2, quickly);
  await expect(slider(page).getByRole('button', { name: 'Play slides' })).toBeVisible();

  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, y, { steps: 12 });
  await page.mouse.up();
  await expectCurrentSlide(page, 1, quickly);

  // Paused by the drag: leaving the slider does not restart it.
  await stopPageTime(page);
  await leaveSlider(page);
  await page.clock.runFor(slideTimerMs + 1500);
  await expectCurrentSlide(page, 1);
});

test('Pause stops the slides until Play, and hover or focus hold them', async ({ page }) => {
  await openSlider(page);
  await slider(page).getByRole('button', { name: 'Pause slides' }).click();
  await leaveSlider(page);
  await page.clock.runFor(slideTimerMs + 1500);
  await expectCurrentSlide(page, 1);

  await slider(page).getByRole('button', { name: 'Play slides' }).click();
  await leaveSlider(page);
  await page.clock.runFor(slideTimerMs + 500);
  await expectCurrentSlide(page, 2);

  // Hovering holds the slides (WCAG 2.2.2)...
  await slider(page).getByRole('group', { name: '2 of 4' }).hover();
  await page.clock.runFor(slideTimerMs + 1500);
  await expectCurrentSlide(page, 2);

  // ...and so does keyboard focus inside it.
  await page.mouse.move(2, 2);
  await slider(page).getByRole('button', { name: 'Next slide' }).focus();
  await page.clock.runFor(slideTimerMs + 1500);
  await expectCurrentSlide(page, 2);
});

test('no rotation when the visitor asks for reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openSlider(page);
  await expect(
    slider(page).getByRole('button', { name: 'Autoplay off (reduced motion)' }),
  ).toBeDisabled();
  await page.clock.runFor(slideTimerMs + 1500);
  await expectCurrentSlide(page, 1);
  await slider(page).getByRole('button', { name: 'Next slide' }).click();
  await expectCurrentSlide(page, 2);
});
