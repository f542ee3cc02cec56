import type { ClientConfig } from '../../common/client-config.js';
import { clientConfigElementId, pageDataElementId } from '../../common/page-data.js';
import { srcSetOf, type PreloadPicture } from '../../common/picture-set.js';
import { publicPartOf, type PublicClientConfig } from '../../common/site-text.js';
import { escapeHtml } from '../kernel/escape-html.js';
import { createCriticalCss, type CriticalCss } from './critical-css.js';
import type { PageData } from './page-data.js';

/**
 * Markers in src/web/index.html that the server fills per request; `style` is put in place of the
 * built stylesheet's link by `takeSiteStylesheet`.
 */
export const htmlMarkers = {
  title: '<!--app-title-->',
  head: '<!--app-head-->',
  style: '<!--app-style-->',
  config: '<!--app-config-->',
  root: '<div id="root"></div>',
} as const;

/**
 * JSON that is safe inside a <script type="application/json"> element. Inside a script element
 * only `</` (an end tag) and `<!` (the start of `<!--`, which changes how the element ends) are
 * read as markup, so only a `<` before `/` or `!` is escaped: a description's `<p>` stays as it
 * is (issue 37: every tag of it cost 10 more bytes escaped).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/<(?=[/!])/g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Whether CSS would end a style element early, so it cannot be written into the page. */
const closesStyleElement = (css: string) => /<\/style/i.test(css);

/** The site's built stylesheet: its address, its text, and the rules each page needs first. */
export interface SiteStylesheet {
  href: string;
  css: string;
  critical: CriticalCss;
}

/** How a page carries the site's stylesheet. */
export interface PageStyles {
  sheet: SiteStylesheet;
  /**
   * The whole sheet inline: the sign-in and back-office pages, whose own sheet is linked after it
   * (decision 0081). A visitor's page inlines only the rules of its first paint (decision 0084).
   */
  whole: boolean;
}

const builtStylesheetLink =
  /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/([^"]+\.css))">/;

/**
 * Takes the build's stylesheet link (`<link rel="stylesheet" href="/assets/…css">`) out of the
 * template, leaving the style marker where it stood, and reads the stylesheet, so each page can
 * carry the rules of its first paint and wait for no request but itself
 * (docs/decisions/0014-page-speed.md, 0084). A stylesheet that cannot be read, or that could close
 * the style element, keeps its link.
 */
export function takeSiteStylesheet(
  template: string,
  readAsset: (assetPath: string) => string | undefined,
): { template: string; stylesheet?: SiteStylesheet } {
  const link = builtStylesheetLink.exec(template);
  const css = link ? readAsset(link[2]!)?.trim() : undefined;
  if (!link || css === undefined || closesStyleElement(css)) return { template };
  return {
    template: template.replace(link[0], () => htmlMarkers.style),
    stylesheet: { href: link[1]!, css, critical: createCriticalCss(css) },
  };
}

/**
 * The site's styles of a page: the first-paint rules inline and the whole sheet linked at the end
 * of the body, where it keeps nothing from painting and is in place (with the rules of every other
 * screen) before the app's scripts run; or the whole sheet inline.
 */
function siteStyles(
  styles: PageStyles | undefined,
  appHtml: string,
): { inline: string; link: string } {
  if (!styles) return { inline: '', link: '' };
  const { sheet } = styles;
  if (styles.whole || !appHtml) return { inline: `<style>${sheet.css}</style>`, link: '' };
  return {
    inline: `<style>${sheet.critical.forHtml(appHtml)}</style>`,
    link: `<link rel="stylesheet" href="${escapeHtml(sheet.href)}">`,
  };
}

/** The client's theme as an inline style element; its link when the theme was not read. */
function themeElement(client: ClientConfig, themeCss: string | undefined): string {
  return (
    styleElement(themeCss, ` data-theme="${escapeHtml(client.name)}"`) ??
    `<link rel="stylesheet" href="/themes/${encodeURIComponent(client.name)}.css">`
  );
}

/** CSS as a style element; undefined when there is none, or it could close the element early. */
function styleElement(css: string | undefined, attributes = ''): string | undefined {
  if (css === undefined || closesStyleElement(css)) return undefined;
  return `<style${attributes}>${css.trim()}</style>`;
}

/** The public record of each client record, made once per record (records are replaced, never changed). */
const publicConfigs = new WeakMap<ClientConfig, PublicClientConfig>();

/**
 * The client record as every page needs it: everything public, nothing server-only, and not the
 * site text, which only some screens show and get as a query (site-text.ts; issue 37).
 */
export function publicClientConfig(client: ClientConfig): PublicClientConfig {
  let config = publicConfigs.get(client);
  if (!config) {
    config = publicPartOf(client);
    publicConfigs.set(client, config);
  }
  return config;
}

/**
 * The client record's data block, serialised once per record: the same few KB of JSON in every
 * page of a client (issue 37: JSON serialisation per cold page).
 */
const configElements = new WeakMap<ClientConfig, string>();

function clientConfigElement(client: ClientConfig): string {
  let element = configElements.get(client);
  if (element === undefined) {
    element = `<script type="application/json" id="${clientConfigElementId}">${jsonForScript(publicClientConfig(client))}</script>`;
    configElements.set(client, element);
  }
  return element;
}

/**
 * The preload of the page's largest picture: its AVIF widths with the sizes its <picture> uses,
 * so the browser fetches the very file the <picture> will choose (a browser without AVIF skips
 * the preload by its type, rather than fetching a file it would not show).
 */
function preloadLink({ set, sizes }: PreloadPicture): string {
  return (
    `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(srcSetOf(set, 'avif'))}"` +
    ` imagesizes="${escapeHtml(sizes)}" fetchpriority="high">`
  );
}

/**
 * Puts the client's title, description, stylesheet and config into the page before any script
 * runs (DESIGN.md). The config travels as a JSON data block, which the CSP does not execute.
 */
export function renderPage(
  template: string,
  client: ClientConfig | undefined,
  /** The screen's prerendered HTML (src/server/pages/prerender.ts), placed inside #root. */
  appHtml = '',
  /** Data looked up for this page (src/server/pages/page-data.ts); without it, nothing is preloaded. */
  page: PageData = { queries: [] },
  /** The text of public/themes/{code}.css, inlined; without it the page links the theme. */
  themeCss?: string,
  /** The screen's own title and head tags (page-head.ts); without it, the client's. */
  pageHead?: { title: string; tags: string },
  /** The site's stylesheet, taken out of the template by `takeSiteStylesheet`. */
  styles?: PageStyles,
): string {
  const { inline, link } = siteStyles(styles, appHtml);
  if (!client) {
    return template
      .replace(htmlMarkers.title, 'Highstreet')
      .replace(htmlMarkers.head, '')
      .replace(htmlMarkers.style, () => inline)
      .replace(htmlMarkers.config, '');
  }
  const preload = page.preloadImage ? preloadLink(page.preloadImage) : '';
  const queries = page.queries.length
    ? `<script type="application/json" id="${pageDataElementId}">${jsonForScript(page.queries)}</script>`
    : '';
  const head = [
    pageHead?.tags ??
      [
        `<meta name="description" content="${escapeHtml(client.description)}">`,
        `<meta property="og:title" content="${escapeHtml(client.title)}">`,
        `<meta property="og:description" content="${escapeHtml(client.description)}">`,
      ].join('\n    '),
    themeElement(client, themeCss),
    // The page head links the icons drawn from the logo (src/server/seo/icons.ts).
    pageHead
      ? ''
      : `<link rel="icon" href="${escapeHtml(client.pictureLocation)}/logo.svg" type="image/svg+xml">`,
    preload,
    // The page head carries its own robots tag; without one, private pages still say noindex.
    ...(page.noindex && !pageHead ? ['<meta name="robots" content="noindex, nofollow">'] : []),
  ].join('\n    ');
  const filled: Record<keyof typeof htmlMarkers, string> = {
    title: escapeHtml(pageHead?.title ?? client.title),
    head,
    style: inline,
    config: clientConfigElement(client) + queries + link,
    root: `<div id="root">${appHtml}</div>`,
  };
  const parts = templateParts(template);
  if (!parts) {
    return template
      .replace(htmlMarkers.title, () => filled.title)
      .replace(htmlMarkers.head, () => filled.head)
      .replace(htmlMarkers.style, () => filled.style)
      .replace(htmlMarkers.config, () => filled.config)
      .replace(htmlMarkers.root, () => filled.root);
  }
  // One concatenation instead of four replaces, each scanning and copying the whole page with
  // its inlined stylesheet (issue 37's profile: renderPage's own time).
  let html = parts.text[0]!;
  parts.markers.forEach((marker, i) => {
    html += filled[marker] + parts.text[i + 1]!;
  });
  return html;
}

/** The template cut at its markers, once per template (there is one per process). */
const templatePartsCache = new Map<string, TemplateParts | undefined>();

interface TemplateParts {
  /** The text around the markers: one more than the markers. */
  text: string[];
  markers: (keyof typeof htmlMarkers)[];
}

/**
 * The template's text between its markers, in the order they stand; undefined when a marker is
 * missing or appears twice (then the plain replaces decide, as before). The style marker may be
 * missing (a template whose stylesheet stayed a link).
 */
function templateParts(template: string): TemplateParts | undefined {
  if (templatePartsCache.has(template)) return templatePartsCache.get(template);
  const found = (Object.keys(htmlMarkers) as (keyof typeof htmlMarkers)[])
    .map((marker) => ({ marker, at: template.indexOf(htmlMarkers[marker]) }))
    .filter(({ marker, at }) => marker !== 'style' || at >= 0);
  const unique = found.every(
    ({ marker, at }) =>
      at >= 0 && template.indexOf(htmlMarkers[marker], at + htmlMarkers[marker].length) < 0,
  );
  let parts: TemplateParts | undefined;
  if (unique) {
    found.sort((x, y) => x.at - y.at);
    const text: string[] = [];
    let from = 0;
    for (const { marker, at } of found) {
      text.push(template.slice(from, at));
      from = at + htmlMarkers[marker].length;
    }
    text.push(template.slice(from));
    parts = { text, markers: found.map(({ marker }) => marker) };
  }
  // Development reads a fresh template per page: keep only a few.
  if (templatePartsCache.size >= 4) templatePartsCache.clear();
  templatePartsCache.set(template, parts);
  return parts;
}
