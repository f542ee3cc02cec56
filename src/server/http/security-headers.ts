import type { ClientConfig } from '../../common/client-config.js';

/**
 * The security headers every response carries, worked out once at start-up. They are the set
 * helmet sends by default, with our Content-Security-Policy; @fastify/helmet rebuilt them from
 * its options on every request, which was a fifth of the CPU time of a cached list request
 * (docs/decisions/0015-security-headers.md).
 */
export interface SecurityHeaderOptions {
  /** Origins the browser may call besides this site (other e-mail services, probe addresses). */
  connectOrigins: readonly string[];
  /** HSTS only in production: a developer's http://localhost must not be pinned to https. */
  production: boolean;
  /** Hashes ('sha256-…') of the inline scripts the pages may run: the boot script's. */
  scriptHashes?: readonly string[];
}

/** Origins the browser may call besides this site: other e-mail services and probe addresses. */
export function externalConnectOrigins(clients: readonly ClientConfig[]): string[] {
  const origins = new Set<string>();
  for (const client of clients) {
    for (const url of [client.emailService.baseUrl, client.failureProbeUrl]) {
      if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
    }
  }
  return [...origins];
}

export function contentSecurityPolicy(
  connectOrigins: readonly string[],
  scriptHashes: readonly string[] = [],
): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    // No inline scripts but the boot script, allowed by its hash (never 'unsafe-inline'); the
    // client record travels as a JSON data block, not as a script.
    'script-src': ["'self'", ...scriptHashes],
    // Inline styles are allowed: React's style attributes and the themes' custom properties.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectOrigins],
    'media-src': ["'self'"],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

export function securityHeaders({
  connectOrigins,
  production,
  scriptHashes = [],
}: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(connectOrigins, scriptHashes),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** The Content-Security-Policy of an API answer: data, never a document, so it may load nothing. */
export const apiContentSecurityPolicy =
  "default-src 'none';object-src 'none';frame-ancestors 'none'";

/**
 * The headers of an API answer (`/api/*`). JSON is never rendered as a page, so the page-only
 * headers (the page's CSP, COOP, Origin-Agent-Cluster, DNS prefetch, the legacy X- headers) do
 * nothing there; what is left is what matters for data, as OWASP's REST security cheat sheet
 * lists it: a CSP that allows nothing, no sniffing, no framing, no referrer, HTTPS only, and no
 * reading from another site. Every API answer carries about 650 bytes fewer
 * (docs/decisions/0015-security-headers.md).
 */
export function apiSecurityHeaders({
  production,
}: {
  production: boolean;
}): Record<string, string> {
  return {
    'content-security-policy': apiContentSecurityPolicy,
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}
