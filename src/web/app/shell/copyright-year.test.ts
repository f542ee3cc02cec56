import { describe, expect, it } from 'vitest';
import { copyrightYear } from './copyright-year';

describe('copyrightYear', () => {
  it('uses the spec years for the retailer, minimal and DQ footers', () => {
    expect(copyrightYear('SE')).toBe(2022);
    expect(copyrightYear('Min')).toBe(2023);
    expect(copyrightYear('DQ')).toBe(2025);
  });
  it('uses the current year for the PI footer, which the spec leaves open', () => {
    expect(copyrightYear('PI', new Date('2027-03-01T12:00:00Z'))).toBe(2027);
  });
});
