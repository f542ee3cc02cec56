import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// The one way the browser tests run axe: WCAG 2.2 A and AA, in the page itself, violations only.

const runOptions: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  // Axe no longer describes every passing and inapplicable node, which the tests never read: the
  // same rules run on the same nodes, so the same violations are found.
  resultTypes: ['violations'],
};

/**
 * axe-core's own `axe.run`, in the page itself (the sites and the back office have no iframes),
 * its 560 KB source put into each document once. @axe-core/playwright's builder evaluated the
 * source twice on every scan, a quarter of the route sweep's CPU in Chromium and the test workers
 * (docs/decisions/0053-test-suite-time.md). Each violation comes back as
 * `rule: element | element (what it asks)`, for a failure message.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    ({ within, options }) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      return inPage
        .run(within === undefined ? document : within, options)
        .then((results) => results.violations);
    },
    { within, options: runOptions },
  );
  return violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')} (${v.help})`,
  );
}

/**
 * No axe violations on the page (or the part `within` selects). `soft` lets one run list every
 * broken screen rather than stop at the first.
 */
export async function expectNoAxeViolations(
  page: Page,
  {
    where = page.url(),
    within,
    soft = false,
  }: { where?: string; within?: string; soft?: boolean } = {},
): Promise<void> {
  const violations = await axeViolations(page, within);
  (soft ? expect.soft : expect)(violations, `axe on ${where}`).toEqual([]);
}
