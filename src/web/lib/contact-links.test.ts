import { describe, expect, it } from 'vitest';
import { telephoneHref } from './contact-links';

describe('telephoneHref', () => {
  it('turns a UK number as displayed into an international tel: address', () => {
    expect(telephoneHref('0131 496 0418')).toBe('tel:+441314960418');
    expect(telephoneHref('07700 900847')).toBe('tel:+447700900847');
  });
  it('keeps an international number, dropping the optional (0)', () => {
    expect(telephoneHref('+44 (0)131 496 0418')).toBe('tel:+441314960418');
  });
});
