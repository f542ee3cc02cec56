import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, contentSecurityPolicy, securityHeaders } from './security-headers.js';

describe('securityHeaders', () => {
  it('pins HTTPS only in production', () => {
    expect(securityHeaders({ connectOrigins: [], production: true })).toHaveProperty(
      'strict-transport-security',
      'max-age=31536000; includeSubDomains',
    );
    expect(securityHeaders({ connectOrigins: [], production: false })).not.toHaveProperty(
      'strict-transport-security',
    );
  });

  it('lets the browser call the listed origins and no inline script', () => {
    const csp = contentSecurityPolicy(['https://api.emailjs.com']);
    expect(csp).toContain("connect-src 'self' https://api.emailjs.com;");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('gives API answers a policy that allows nothing, and HTTPS only in production', () => {
    const api = apiSecurityHeaders({ production: true });
    expect(api['content-security-policy']).toBe(
      "default-src 'none';object-src 'none';frame-ancestors 'none'",
    );
    expect(api).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(apiSecurityHeaders({ production: false })).not.toHaveProperty(
      'strict-transport-security',
    );
  });
});
