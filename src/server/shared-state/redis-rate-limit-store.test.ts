import { describe, expect, it } from 'vitest';
import { limitScope } from './redis-rate-limit-store.js';

describe('limitScope', () => {
  it("names a route's limit by its route, and a limit without one by its window and maximum", () => {
    expect(limitScope({ routeInfo: { method: 'POST', url: '/api/orders/create' }, max: 20 })).toBe(
      'POST/api/orders/create',
    );
    expect(limitScope({ routeInfo: {}, timeWindow: 60_000, max: 20 })).toBe('limit-60000ms-20');
    expect(limitScope({ timeWindow: 3_600_000, max: 20 })).not.toBe(
      limitScope({ timeWindow: 60_000, max: 20 }),
    );
    expect(limitScope({ timeWindow: () => 1, max: () => 2 })).toBe('limit-fnms-fn');
  });
});
