import { describe, expect, it } from 'vitest';
import { pathWithoutQuery, scrubPersonalData } from './scrub.js';

describe('scrubPersonalData', () => {
  it('takes out e-mail addresses', () => {
    expect(scrubPersonalData('duplicate key (jane.doe+x@example.co.uk) for owners')).toBe(
      'duplicate key ([email]) for owners',
    );
  });

  it('takes out telephone numbers, UK postcodes and card-like numbers', () => {
    expect(scrubPersonalData('call 07700 900123 or +44 (0)20 7946-0958')).toBe(
      'call [number] or [number]',
    );
    expect(scrubPersonalData('deliver to 5 Cow Wynd, Falkirk FK1 1PU now')).toBe(
      'deliver to 5 Cow Wynd, Falkirk [postcode] now',
    );
    expect(scrubPersonalData('card 4111 1111 1111 1111')).toBe('card [number]');
  });

  it('keeps short numbers such as statuses, line numbers and times', () => {
    expect(scrubPersonalData('status 500 at line 42 after 1500 ms')).toBe(
      'status 500 at line 42 after 1500 ms',
    );
  });

  it('takes out query strings, credentials in URLs and tokens', () => {
    expect(scrubPersonalData('GET /login/set-password?token=abc&email=x failed')).toBe(
      'GET /login/set-password?[query] failed',
    );
    expect(scrubPersonalData('connect postgres://app:s3cret@db.internal/hs refused')).toBe(
      'connect postgres://[credentials]@db.internal/hs refused',
    );
    expect(scrubPersonalData('Authorization: Bearer abc.def-123')).toBe(
      'Authorization: Bearer [token]',
    );
    expect(scrubPersonalData('session 9f86d081884c7d659a2feaa0c55ad015 gone')).toBe(
      'session [token] gone',
    );
  });

  it('leaves a stack trace readable', () => {
    const line = '    at renderPage (/srv/app/dist/server/serve.js:1234:56)';
    expect(scrubPersonalData(line)).toBe(line);
  });
});

describe('pathWithoutQuery', () => {
  it('cuts the query and fragment', () => {
    expect(pathWithoutQuery('/booking?date=2026-01-01#x')).toBe('/booking');
    expect(pathWithoutQuery('/about')).toBe('/about');
  });
});
