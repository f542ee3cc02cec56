import { describe, expect, it } from 'vitest';
import { brandTheme, contrastRatio, minimumContrast } from './brand-theme.js';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#7a2e5a', '#7a2e5a')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777', '#fff')).toBeCloseTo(4.48, 2);
  });
});

describe('brandTheme', () => {
  const textPairs = (colours: Record<string, string>) => [
    [colours['--color-text'], colours['--color-bg']],
    [colours['--color-muted'], colours['--color-bg']],
    [colours['--color-link'], colours['--color-bg']],
    [colours['--color-link'], colours['--color-surface']],
    [colours['--color-accent'], colours['--color-bg']],
    // Headings and the menu's current item are drawn in the primary colour.
    [colours['--color-primary'], colours['--color-bg']],
    [colours['--color-primary'], colours['--color-surface']],
    [colours['--color-primary-contrast'], colours['--color-primary']],
  ];

  it('keeps a dark brand colour as it is, with white text on it', () => {
    const theme = brandTheme({ colour: '#5b2a86', title: 'Nell' });
    if (!theme.ok) throw new Error(theme.message);
    expect(theme.colours['--color-primary']).toBe('#5b2a86');
    expect(theme.colours['--color-primary-contrast']).toBe('#ffffff');
    expect(theme.adjustments).toEqual([]);
    for (const [fore, back] of textPairs(theme.colours))
      expect(contrastRatio(fore!, back!)).toBeGreaterThanOrEqual(minimumContrast);
  });

  it('darkens a light brand colour for links and says so', () => {
    const theme = brandTheme({ colour: '#ffd400', accent: '#7fdbff', title: 'Sunny' });
    if (!theme.ok) throw new Error(theme.message);
    expect(theme.colours['--color-primary']).not.toBe('#ffd400');
    expect(theme.colours['--color-primary-contrast']).toBe('#ffffff');
    expect(theme.adjustments.map((a) => a.message).join('\n')).toMatch(
      /links, headings and buttons use #/,
    );
    expect(theme.adjustments).toContainEqual({
      field: 'accent',
      message: expect.stringMatching(/^#7fdbff is too light/) as unknown as string,
    });
    for (const [fore, back] of textPairs(theme.colours))
      expect(contrastRatio(fore!, back!)).toBeGreaterThanOrEqual(minimumContrast);
  });

  it('writes the font as the heading font, and refuses what is not a colour or a font name', () => {
    const theme = brandTheme({ colour: '#123', font: 'Playfair Display', title: 'X' });
    expect(theme.ok && theme.css).toContain(`--font-heading: 'Playfair Display', system-ui`);
    expect(brandTheme({ colour: 'red', title: 'X' })).toEqual({
      ok: false,
      field: 'colour',
      message: '"red" is not a colour like #7a2e5a.',
    });
    expect(brandTheme({ colour: '#123456', font: "x'; }", title: 'X' }).ok).toBe(false);
  });
});
