// zod/mini: the browser loads these schemas too (docs/decisions/0014-page-speed.md).
import * as z from 'zod/mini';

/**
 * What text the forms and APIs accept, in one place, used by every text field of the shared
 * schemas. Control characters (NUL included: PostgreSQL refuses it in text, and it has no business
 * in a name or a message) are refused everywhere; a single-line field (a name, an e-mail address, a
 * phone number, a postcode …) also refuses line breaks, so nobody can forge a line such as
 * `Bcc: victim@example.com` in the owner's plain-text e-mail.
 */
export const textMessages = {
  control: 'Please remove the unusual characters from this field (control characters are refused)',
  singleLine: 'Please keep this on one line',
} as const;

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Every line break a mail client or a terminal might honour, and the tab. */
const lineBreaks = /[\t\n\v\f\r\u0085\u2028\u2029]/;

export function hasControlCharacters(value: string): boolean {
  return controlCharacters.test(value);
}

export function isSingleLine(value: string): boolean {
  return !lineBreaks.test(value);
}

/** The checks of a text field that may span lines (a message, an address). */
export const multiLineChecks = () => [
  z.refine<string>((value) => !hasControlCharacters(value), textMessages.control),
];

/** The checks of a one-line field (a name, an e-mail address, a phone number, a postcode). */
export const singleLineChecks = () => [
  z.refine<string>((value) => !hasControlCharacters(value), textMessages.control),
  z.refine<string>(isSingleLine, textMessages.singleLine),
];

/** A one-line string, trimmed, with a maximum length. */
export const singleLineText = (max: number, tooLong = `Please keep this under ${max} characters`) =>
  z.string().check(z.trim(), z.maxLength(max, tooLong), ...singleLineChecks());

/** A text that may span lines, trimmed, with a maximum length. */
export const multiLineText = (max: number, tooLong = `Please keep this under ${max} characters`) =>
  z.string().check(z.trim(), z.maxLength(max, tooLong), ...multiLineChecks());

/**
 * Where a JSON-like value holds text with control characters: the path of every such string
 * (keys included, as the key's own path). For records an owner edits as a whole (the site
 * content), so each field gets the control-character message however deep it sits.
 */
export function pathsWithControlCharacters(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[][] {
  if (typeof value === 'string') return hasControlCharacters(value) ? [path] : [];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => pathsWithControlCharacters(item, [...path, index]));
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    hasControlCharacters(key) ? [[...path, key]] : pathsWithControlCharacters(item, [...path, key]),
  );
}
