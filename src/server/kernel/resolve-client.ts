import type { FastifyRequest } from 'fastify';
import type { ClientConfig } from '../../common/client-config.js';
import type { ClientRegistry } from './client-registry.js';

export const previewCookieName = 'hs_client';

const previewCookiePattern = new RegExp(
  `(?:^|;)\\s*${previewCookieName}=([A-Za-z0-9]{1,8})\\s*(?:;|$)`,
);

/** The client code remembered in a Cookie header; anything that is not a code is ignored. */
export function previewCookieFrom(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? previewCookiePattern.exec(cookieHeader)?.[1] : undefined;
}

/** Remembers a previewed client for 30 days; script cannot read it, other sites do not get it. */
export function previewCookieHeader(code: string, secure: boolean): string {
  const attributes = [`Max-Age=${60 * 60 * 24 * 30}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${previewCookieName}=${code}`, ...attributes].join('; ');
}

/** How many codes an unknown-code answer lists: with a thousand clients, not all of them. */
const knownCodesShown = 20;

function knownCodes(registry: ClientRegistry): string {
  const codes = registry.all.map((c) => c.name);
  const shown = codes.slice(0, knownCodesShown).join(', ');
  return codes.length > knownCodesShown
    ? `${shown} and ${codes.length - knownCodesShown} more`
    : shown;
}

export interface ClientRequestFacts {
  host: string | undefined;
  previewCode: string | undefined;
  cookieCode: string | undefined;
}

export type ClientResolution =
  | { ok: true; client: ClientConfig; rememberCode?: string }
  | { ok: false; message: string; notAvailable?: true };

/** What a disabled client's host answers (404, a plain page: never a 5xx). */
export const notAvailableMessage = 'This site is not available.';

/**
 * Host name first, then the default client. With preview on, `?client=CODE` wins and is
 * remembered; a remembered code applies when the host names no client.
 */
export function resolveClient(
  facts: ClientRequestFacts,
  registry: ClientRegistry,
  options: { preview: boolean; defaultCode: string },
): ClientResolution {
  if (options.preview && facts.previewCode !== undefined) {
    if (registry.isDisabled(facts.previewCode))
      return { ok: false, message: notAvailableMessage, notAvailable: true };
    const client = registry.byCode(facts.previewCode);
    if (!client) {
      const known = knownCodes(registry);
      // Echo the code back only when it looks like one, so the answer never carries markup.
      const shown = /^[A-Za-z0-9]{1,8}$/.test(facts.previewCode) ? ` "${facts.previewCode}"` : '';
      return {
        ok: false,
        message: `There is no client with the code${shown}. Known codes: ${known}.`,
      };
    }
    return { ok: true, client, rememberCode: client.name };
  }
  const byHost = facts.host ? registry.byHost(facts.host) : undefined;
  if (byHost) return { ok: true, client: byHost };
  if (facts.host && registry.isDisabledHost(facts.host))
    return { ok: false, message: notAvailableMessage, notAvailable: true };
  if (options.preview && facts.cookieCode) {
    const remembered = registry.byCode(facts.cookieCode);
    if (remembered) return { ok: true, client: remembered };
  }
  const fallback = registry.byCode(options.defaultCode);
  if (!fallback)
    return { ok: false, message: `The default client ${options.defaultCode} is not configured.` };
  return { ok: true, client: fallback };
}

/**
 * The client of a request: its host, and with preview on its `?client=` or remembered code. The
 * HTTP shell calls it for every request; the owner guard calls it too, since a preHandler runs
 * before the shell has prepared the request.
 */
export function resolveRequestClient(
  request: FastifyRequest,
  registry: ClientRegistry,
  options: { preview: boolean; defaultCode: string },
): ClientResolution & { cookieCode?: string | undefined } {
  const query = request.query as Record<string, unknown> | undefined;
  // The preview cookie matters only with preview on; otherwise the header is not even read.
  const cookieCode = options.preview ? previewCookieFrom(request.headers.cookie) : undefined;
  const resolution = resolveClient(
    {
      host: request.hostname,
      previewCode: typeof query?.client === 'string' ? query.client : undefined,
      cookieCode,
    },
    registry,
    options,
  );
  return { ...resolution, cookieCode };
}
