/**
 * What an error report may carry (issue 38): an error's words with the personal data taken out.
 * Pure; error-reporter.ts applies it to every text it sends. An error message can quote what a
 * visitor typed (a constraint naming an e-mail address, a URL with its query), so the report
 * carries only the shape of it.
 */

// `$1` keeps the part a pattern must not eat (a scheme, the word before a token).
const replacements: readonly [RegExp, (match: string, ...groups: string[]) => string][] = [
  // Credentials in URLs and headers first, before the address patterns below cut them apart.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, (_, scheme) => `${scheme}[credentials]@`],
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, (_, scheme) => `${scheme} [token]`],
  [/[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g, () => '[email]'],
  // A query string or fragment: everything after ? or # up to a space or quote.
  [/([/\w.-])[?#][^\s"'<>)]*/g, (_, before) => `${before}?[query]`],
  // UK postcodes (a customer's address is the thing most often quoted with them).
  [/\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[ABD-HJLNP-UW-Z]{2}\b/gi, () => '[postcode]'],
  // Telephone and card numbers: seven or more digits, spaces, dashes, dots or brackets between.
  [/\+?\(?\d[\d\s().-]{5,}\d/g, () => '[number]'],
  // Long tokens (session, reset, manage links): 24+ letters, digits, _ or -.
  [/\b[A-Za-z0-9_-]{24,}\b/g, () => '[token]'],
];

/** The text with e-mail addresses, numbers, postcodes, query strings and tokens replaced. */
export function scrubPersonalData(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of replacements)
    scrubbed = scrubbed.replace(pattern, (match: string, ...groups: string[]) =>
      replacement(match, ...groups),
    );
  return scrubbed;
}

/** A route's path without its query string: a report names the route, never what was asked. */
export function pathWithoutQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}
