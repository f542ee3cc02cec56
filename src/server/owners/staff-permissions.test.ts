import { describe, expect, it } from 'vitest';
import { staffAllowedRoutes, staffMayUse } from './staff-permissions.js';

describe('staff permissions', () => {
  it('lets staff use the diary and their own session', () => {
    expect(staffMayUse('GET', '/api/manage/diary')).toBe(true);
    expect(staffMayUse('POST', '/api/manage/bookings/:id/cancel')).toBe(true);
    expect(staffMayUse('get', '/api/manage/me')).toBe(true);
    expect(staffMayUse('HEAD', '/api/manage/diary')).toBe(true);
  });

  it('denies everything else by default', () => {
    expect(staffMayUse('PUT', '/api/manage/booking-rules')).toBe(false);
    expect(staffMayUse('GET', '/api/manage/booking-rules')).toBe(false);
    expect(staffMayUse('PUT', '/api/manage/content/draft')).toBe(false);
    expect(staffMayUse('GET', '/api/manage/team')).toBe(false);
    expect(staffMayUse('POST', '/api/manage/diary')).toBe(false);
    expect(staffMayUse('GET', undefined)).toBe(false);
    // A concrete address is not a pattern: only the route's own pattern matches.
    expect(staffMayUse('GET', '/api/manage/bookings/1')).toBe(false);
  });

  it('lists only owner API routes, each once, as "METHOD /api/manage/…"', () => {
    for (const entry of staffAllowedRoutes) {
      expect(entry).toMatch(/^(GET|POST|PUT|DELETE) \/api\/manage\/\S+$/);
    }
    expect(new Set(staffAllowedRoutes).size).toBe(staffAllowedRoutes.length);
  });
});
