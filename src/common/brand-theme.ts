/**
 * A client's theme (public/themes/CODE.css) from a few brand colours and a font (issue 38,
 * `npm run client -- add … --colour --accent --font` and the operator's screen, which shows the
 * same checks on its fields as they are typed). Every colour that text is drawn in is
 * checked against what it is drawn on for WCAG 2's 4.5:1; a brand colour too light for that is
 * darkened step by step until it passes, and the theme says what it changed. Pure.
 */

export const minimumContrast = 4.5;

type Rgb = readonly [number, number, number];

const hexPattern = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(text: string): boolean {
  return hexPattern.test(text.trim());
}

function parseHex(hex: string): Rgb {
  const match = hexPattern.exec(hex.trim());
  if (!match?.[1]) throw new Error(`"${hex}" is not a colour like #7a2e5a.`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as unknown as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(parseHex(a)), luminance(parseHex(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `colour` moved `amount` (0–1) of the way towards `towards`. */
function mix(colour: string, towards: string, amount: number): string {
  const a = parseHex(colour);
  const b = parseHex(towards);
  return toHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as unknown as Rgb);
}

/** The colour, darkened in 5 % steps until it reads at 4.5:1 on every background given. */
function readableOn(colour: string, backgrounds: readonly string[]): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(colour, '#000000', step * 0.05);
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= minimumContrast))
      return candidate;
  }
  return '#000000';
}

export interface BrandInput {
  /** The main brand colour: buttons, the header's bar, links. */
  colour: string;
  /** A second colour: rules, focus rings, highlights. */
  accent?: string | undefined;
  /** A font family for headings (an installed or system font; nothing is downloaded). */
  font?: string | undefined;
  /** Who the theme is for, in its first comment. */
  title: string;
}

/** The input a message is about: the command line names it `--colour`, the screen its field. */
export type BrandField = 'colour' | 'accent' | 'font';

export interface BrandNote {
  field: BrandField;
  message: string;
}

export type BrandTheme =
  | { ok: true; css: string; colours: Record<string, string>; adjustments: BrandNote[] }
  | ({ ok: false } & BrandNote);

const fontPattern = /^[A-Za-z0-9 .-]{1,60}$/;

export function brandTheme(input: BrandInput): BrandTheme {
  for (const [field, value] of [
    ['colour', input.colour],
    ['accent', input.accent],
  ] as const) {
    if (value !== undefined && !isHexColour(value))
      return { ok: false, field, message: `"${value}" is not a colour like #7a2e5a.` };
  }
  if (input.font !== undefined && !fontPattern.test(input.font))
    return {
      ok: false,
      field: 'font',
      message: `"${input.font}": letters, digits, spaces, dots and dashes only (a font family name).`,
    };
  const brand = toHex(parseHex(input.colour));
  const accentGiven = input.accent === undefined ? brand : toHex(parseHex(input.accent));
  const adjustments: BrandNote[] = [];
  const surface = '#ffffff';
  // A faint wash of the brand colour behind the page, the text near black in the same hue.
  const bg = mix(brand, '#ffffff', 0.96);
  const text = readableOn(mix(brand, '#000000', 0.82), [bg, surface]);
  const muted = readableOn(mix(brand, '#555555', 0.7), [bg, surface]);
  const border = mix(brand, '#ffffff', 0.8);
  // The pages draw the primary colour as text too (headings, the menu's current item), so it
  // must read on the page as well as under its own text: a pale brand colour is darkened for it
  // (it still tints the page and the borders). Text on it: white or near black, whichever reads.
  const link = readableOn(brand, [bg, surface]);
  let primary = brand;
  let onBrand =
    contrastRatio('#ffffff', brand) >= contrastRatio('#111111', brand) ? '#ffffff' : '#111111';
  if (link !== brand || contrastRatio(onBrand, brand) < minimumContrast) {
    primary = link;
    onBrand = '#ffffff';
    adjustments.push({
      field: 'colour',
      message: `${brand} is too light for text on the page (${contrastRatio(brand, bg).toFixed(2)}:1, ${minimumContrast}:1 needed); links, headings and buttons use ${primary}.`,
    });
  }
  const primaryContrast = onBrand;
  const accent = readableOn(accentGiven, [bg, surface]);
  if (accent !== accentGiven)
    adjustments.push({
      field: 'accent',
      message: `${accentGiven} is too light on the page (${contrastRatio(accentGiven, bg).toFixed(2)}:1, ${minimumContrast}:1 needed); the theme uses ${accent}.`,
    });
  const colours = {
    '--color-primary': primary,
    '--color-primary-contrast': primaryContrast,
    '--color-accent': accent,
    '--color-bg': bg,
    '--color-surface': surface,
    '--color-text': text,
    '--color-muted': muted,
    '--color-border': border,
    '--color-link': link,
  };
  const heading = input.font
    ? `'${input.font}', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif`
    : `system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif`;
  const title = input.title.replace(/\*\//g, '');
  const css = [
    `/* ${title}: made by onboarding (npm run client -- add, or the operator's screen) from ${brand}${input.accent ? ` and ${accentGiven}` : ''}; every text colour checked at ${minimumContrast}:1. Edit freely. */`,
    ':root {',
    ...Object.entries(colours).map(([name, value]) => `  ${name}: ${value};`),
    `  --font-body: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;`,
    `  --font-heading: ${heading};`,
    '  --radius: 10px;',
    '}',
    '',
  ].join('\n');
  return { ok: true, css, colours, adjustments };
}
