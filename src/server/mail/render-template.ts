import { escapeHtml } from '../kernel/escape-html.js';
import type { SanitisedHtml } from './cart-table.js';

/**
 * EmailJS template semantics: {{name}} is escaped, {{{name}}} is raw, a missing value is empty.
 * Raw insertion is allowed only for values that have been sanitised (the SanitisedHtml brand);
 * anything else in triple braces is escaped as well. One pass, so a value containing {{x}} is
 * never expanded again.
 */
export interface TemplateValues {
  text: Readonly<Record<string, string>>;
  sanitisedHtml?: Readonly<Record<string, SanitisedHtml>>;
}

const placeholder = /\{\{\{\s*([A-Za-z_][\w]*)\s*\}\}\}|\{\{\s*([A-Za-z_][\w]*)\s*\}\}/g;

function lookup(values: TemplateValues, name: string): string {
  return values.sanitisedHtml?.[name] ?? values.text[name] ?? '';
}

/** Renders an HTML body: every value escaped except sanitised HTML in triple braces. */
export function renderHtmlTemplate(source: string, values: TemplateValues): string {
  return source.replace(
    placeholder,
    (_whole, raw: string | undefined, escaped: string | undefined) => {
      if (raw !== undefined) {
        const html = values.sanitisedHtml?.[raw];
        return html ?? escapeHtml(values.text[raw] ?? '');
      }
      return escapeHtml(lookup(values, escaped ?? ''));
    },
  );
}

/** Renders a plain-text body: values inserted as they are. */
export function renderTextTemplate(
  source: string,
  values: Readonly<Record<string, string>>,
): string {
  return source.replace(
    placeholder,
    (_whole, raw: string | undefined, plain: string | undefined) =>
      values[raw ?? plain ?? ''] ?? '',
  );
}

/**
 * One line of header-safe text: CR, LF and every other control character become spaces, runs
 * of spaces collapse, and the result is cut to maxLength characters.
 */
export function toSingleLine(text: string, maxLength = 200): string {
  const line = text
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1).trimEnd()}…` : line;
}

/** A subject line: rendered from single-line values, then made single-line as a whole. */
export function renderSubject(source: string, values: Readonly<Record<string, string>>): string {
  const singleLineValues = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, toSingleLine(value, 80)]),
  );
  return toSingleLine(renderTextTemplate(source, singleLineValues), 200);
}
