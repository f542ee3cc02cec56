import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The report bars are drawn in each client's --color-primary on its --color-surface (and the page
 * around on --color-bg): non-text graphics need 3:1 against what is next to them (WCAG 1.4.11).
 * Read from the themes themselves, so a new or changed theme is checked too.
 */
const themes = join(import.meta.dirname, '../../../../../public/themes');

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the report bars’ colours', () => {
  const files = readdirSync(themes).filter((file) => file.endsWith('.css'));
  it.each(files)('stand out 3:1 or more in %s', (file) => {
    const css = readFileSync(join(themes, file), 'utf8');
    const colour = (name: string) =>
      /#[0-9a-f]{6}\b/i.exec(
        new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})`).exec(css)?.[1] ?? '',
      )?.[0];
    const primary = colour('primary');
    expect(primary, `${file} names its primary colour`).toBeDefined();
    for (const ground of ['surface', 'bg']) {
      const behind = colour(ground) ?? '#ffffff';
      expect(contrast(primary!, behind), `${file}: primary on ${ground}`).toBeGreaterThanOrEqual(3);
    }
  });
});
