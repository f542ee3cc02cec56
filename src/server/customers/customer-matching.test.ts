import { describe, expect, it } from 'vitest';
import {
  chooseCustomer,
  matchKeys,
  normaliseEmail,
  searchTerms,
  telephoneDigits,
} from './customer-matching.js';

describe('customer matching', () => {
  it('normalises e-mails and telephone numbers', () => {
    expect(normaliseEmail('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(normaliseEmail('   ')).toBeNull();
    expect(telephoneDigits('07700 900-123')).toBe('07700900123');
    expect(telephoneDigits('+44 (0)7700 900123')).toBe('07700900123');
    expect(telephoneDigits('+44 7700 900123')).toBe('07700900123');
    expect(telephoneDigits('123')).toBeNull();
    expect(telephoneDigits('')).toBeNull();
  });

  it('matches by e-mail first, then by phone', () => {
    const people = [
      { id: 1, email: 'ann@example.com', digits: '07700900123' },
      { id: 2, email: null, digits: '07700900999' },
      { id: 3, email: 'bob@example.com', digits: '07700900999' },
    ];
    expect(chooseCustomer(matchKeys({ email: 'ANN@example.com', telephone: '' }), people)?.id).toBe(
      1,
    );
    expect(chooseCustomer(matchKeys({ email: '', telephone: '07700 900 999' }), people)?.id).toBe(
      2,
    );
    // A phone shared with someone whose e-mail differs is not them.
    expect(
      chooseCustomer(matchKeys({ email: 'cy@example.com', telephone: '07700900123' }), people),
    ).toBeUndefined();
    // An e-mail wins over a phone that points elsewhere.
    expect(
      chooseCustomer(matchKeys({ email: 'bob@example.com', telephone: '07700900123' }), people)?.id,
    ).toBe(3);
    expect(chooseCustomer(matchKeys({ email: '', telephone: '' }), people)).toBeUndefined();
  });

  it('tells a phone search from a text search', () => {
    expect(searchTerms(' 07700 900123 ')).toEqual({ text: '07700 900123', digits: '07700900123' });
    expect(searchTerms('+44 7700 900123').digits).toBe('07700900123');
    expect(searchTerms('RRB-ABC123').digits).toBeNull();
    expect(searchTerms('Ann').digits).toBeNull();
  });
});
