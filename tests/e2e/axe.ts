import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// The one way the browser tests run axe: WCAG 2.2 A and AA, in the page itself, violations only.

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Legacy mode runs axe.run in the page itself instead of finishing the run in a fresh blank page
 * (about three times faster; the sites and the back office have no iframes it would miss).
 * `resultTypes: ['violations']` keeps axe from describing every passing and inapplicable node,
 * which the tests never read: the same rules run on the same nodes, so the same violations are
 * found (docs/decisions/0053-test-suite-time.md).
 */
function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .withTags(wcagTags)
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
}

/** Each violation as `rule: element | element (what it asks)`, for a failure message. */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = within === undefined ? axe(page) : axe(page).include(within);
  const { violations } = await builder.analyze();
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
