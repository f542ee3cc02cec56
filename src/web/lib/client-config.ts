import type { ClientConfig } from '@common/client-config';
import { clientConfigElementId } from '@common/page-data';
import type { PublicClientConfig, SiteTextKey } from '@common/site-text';

export const clientConfigErrorMessage = 'Unable to read client config';

/*
 * The server validated the record with the full zod schema (src/common/client-config.ts) when it
 * loaded the clients, then embedded it in the page. The browser only checks that what arrived has
 * the shape the app relies on, so that zod stays out of the first-load bundle (docs/decisions/
 * 0014-page-speed.md). The Record types make TypeScript flag these lists when the schema's enums change.
 */
const menuTypes: Record<ClientConfig['menuType'], true> = { bar: true, hamburger: true };
const headerTypes: Record<ClientConfig['headerType'], true> = {
  SE: true,
  DQ: true,
  Min: true,
  PI: true,
  '3bar': true,
};
const footerTypes: Record<ClientConfig['footerType'], true> = {
  SE: true,
  DQ: true,
  Min: true,
  PI: true,
};
const pictureExtensions: Record<ClientConfig['pictureExtension'], true> = {
  jpg: true,
  jpeg: true,
  png: true,
  webp: true,
};

type Check = [field: string, ok: (value: unknown) => boolean];

const isString = (value: unknown): value is string => typeof value === 'string';
const isText = (value: unknown) => isString(value) && value.length > 0;
const isStringList = (value: unknown) => Array.isArray(value) && value.every(isString);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf = (allowed: Record<string, true>) => (value: unknown) =>
  isString(value) && Object.hasOwn(allowed, value);
const optional = (check: (value: unknown) => boolean) => (value: unknown) =>
  value === undefined || check(value);
const isHeadedText = (value: unknown) =>
  isRecord(value) && isText(value.heading) && isStringList(value.paragraphs);
/** Content blocks: each an object with a `type` its renderer is chosen by. */
const isBlockList = (value: unknown) =>
  Array.isArray(value) && value.every((block) => isRecord(block) && isText(block.type));
const isPages = (value: unknown) =>
  isRecord(value) && Object.values(value).every((page) => isRecord(page) && isText(page.heading));

const checks: Check[] = [
  ['name', (value) => isString(value) && /^[A-Z][A-Z0-9]{1,7}$/.test(value)],
  ['title', isText],
  ['description', isText],
  ['email', isText],
  ['address', isString],
  ['contactHeader', isString],
  ['contactBlurb', isString],
  ['telephoneNo', optional(isString)],
  ['logo', optional(isText)],
  ['socialMedia', isRecord],
  ['menuType', oneOf(menuTypes)],
  ['headerType', oneOf(headerTypes)],
  ['footerType', oneOf(footerTypes)],
  [
    'menuItems',
    (value) =>
      Array.isArray(value) &&
      value.every((item) => isRecord(item) && isString(item.route) && isText(item.display)),
  ],
  ['showContactFormOnFooter', (value) => typeof value === 'boolean'],
  ['usesCart', (value) => typeof value === 'boolean'],
  ['pricesInPence', (value) => typeof value === 'boolean'],
  ['pictureLocation', (value) => isString(value) && value.startsWith('/')],
  ['workingFolder', isText],
  ['pictureExtension', oneOf(pictureExtensions)],
  ['picturesForSlide', isStringList],
  ['slideTimer', optional((value) => typeof value === 'number')],
  ['tickerItems', isStringList],
  ['successTitle', isString],
  ['successText', isString],
  ['failureTitle', isString],
  ['failureText', isString],
  ['emailService', (value) => isRecord(value) && isRecord(value.templates)],
  ['failureProbeUrl', isString],
  ['booking', optional((value) => isRecord(value) && isRecord(value.openingHours))],
];

/** The site text, which the page's record leaves out and the screens that show it query. */
const siteTextChecks: Record<SiteTextKey, Check[1]> = {
  welcome: isHeadedText,
  about: isHeadedText,
  home: isBlockList,
  pages: isPages,
};

function shapeProblems(value: unknown, fieldChecks: Check[]): string[] {
  if (!isRecord(value)) return ['(record)'];
  return fieldChecks.filter(([field, ok]) => !ok(value[field])).map(([field]) => field);
}

/** Field names whose values do not have the shape the app expects; empty when the record is usable. */
export function clientConfigShapeProblems(value: unknown): string[] {
  return shapeProblems(value, checks);
}

/** As clientConfigShapeProblems, for the site text of a record (the API's /api/client answer). */
export function siteTextShapeProblems(value: unknown): string[] {
  return shapeProblems(value, Object.entries(siteTextChecks));
}

/**
 * Reads the client record the server put into the page. Anything missing, unparsable or of the
 * wrong shape logs the spec's console error and returns null, so the app can show a plain page
 * instead of crashing.
 */
export function readClientConfig(doc: Document): PublicClientConfig | null {
  const element = doc.getElementById(clientConfigElementId);
  try {
    if (!element?.textContent) throw new Error('no client-config element');
    const parsed: unknown = JSON.parse(element.textContent);
    const problems = clientConfigShapeProblems(parsed);
    if (problems.length > 0) throw new Error(`client config fields: ${problems.join(', ')}`);
    // The shape check above covers every field the app reads; the server ran the full schema.
    return parsed as PublicClientConfig;
  } catch (error) {
    console.error(clientConfigErrorMessage, error);
    return null;
  }
}
