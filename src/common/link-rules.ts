// zod/mini: the browser loads these schemas too (docs/decisions/0014-page-speed.md).
import * as z from 'zod/mini';
import { hasControlCharacters } from './text-rules.js';

/**
 * What a link in a client's content may point at, in one place. An address elsewhere (a social
 * page, WhatsApp) is http(s), mailto or tel: `javascript:`, `data:` and `vbscript:` run or carry
 * content of their own. A link inside the site is a path on this site: `//evil.example` and
 * `/\evil.example` start with a slash yet browsers read them as another host.
 */
export const linkMessages = {
  webLink: 'must be a full address starting with https://, http://, mailto: or tel:',
  sitePath: 'must be a path in this site, like /about',
} as const;

const webLinkProtocols = new Set(['https:', 'http:', 'mailto:', 'tel:']);
/** Spaces and controls: the URL parser drops or encodes some of them, so what is checked would not be what is followed. */
const blankOrControl = /\s/;

export function isWebLink(value: string): boolean {
  if (blankOrControl.test(value) || hasControlCharacters(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!webLinkProtocols.has(url.protocol)) return false;
  // An http(s) address names a host; mailto and tel name someone after the colon.
  return url.protocol.startsWith('http') ? url.hostname !== '' : url.pathname !== '';
}

/** Any origin will do: the path must resolve to the very same one. */
const someSite = 'https://site.invalid';

export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  if (blankOrControl.test(value) || hasControlCharacters(value)) return false;
  try {
    return new URL(value, someSite).origin === someSite;
  } catch {
    return false;
  }
}

/** A link to an address elsewhere: https, http, mailto or tel. */
export const webLinkSchema = (message: string = linkMessages.webLink) =>
  z.string().check(z.trim(), z.refine(isWebLink, message));

/** A link to a page of this site: one slash, then the path. */
export const sitePathSchema = (message: string = linkMessages.sitePath) =>
  z.string().check(z.trim(), z.refine(isSitePath, message));
