import { describe, expect, it } from 'vitest';
import { hasRepeatedHost } from './host-header.js';

describe('hasRepeatedHost', () => {
  it('finds a second Host header whatever its case, and nothing in one', () => {
    expect(hasRepeatedHost(['Host', 'a.example', 'Accept', '*/*'])).toBe(false);
    expect(hasRepeatedHost(['Host', 'a.example', 'HOST', 'b.example'])).toBe(true);
    expect(hasRepeatedHost(['host', 'a.example', 'X-Host', 'b', 'hosts', 'c'])).toBe(false);
    expect(hasRepeatedHost([])).toBe(false);
  });
});
