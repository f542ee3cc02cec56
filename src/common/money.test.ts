import { describe, expect, it } from 'vitest';
import { formatCartPrice, formatDuration, formatPounds, toPounds } from './money';

describe('formatCartPrice', () => {
  it('uses a dot for thousands and a comma for decimals', () => {
    expect(formatCartPrice(4999)).toBe('£4.999,00');
    expect(formatCartPrice(35995)).toBe('£35.995,00');
    expect(formatCartPrice(1234567.5)).toBe('£1.234.567,50');
    expect(formatCartPrice(0)).toBe('£0,00');
    expect(formatCartPrice(999)).toBe('£999,00');
  });
  it('rounds to whole pence', () => {
    expect(formatCartPrice(0.1 + 0.2)).toBe('£0,30');
    expect(formatCartPrice(8.999)).toBe('£9,00');
  });
});

describe('formatPounds', () => {
  it('shows £ with two decimals', () => {
    expect(formatPounds(45)).toBe('£45.00');
    expect(formatPounds(27.5)).toBe('£27.50');
    expect(formatPounds(1250)).toBe('£1,250.00');
    expect(formatPounds(-3)).toBe('-£3.00');
  });
});

describe('pence mode', () => {
  it('divides stored amounts by 100 only when the flag is set', () => {
    expect(toPounds(899, true)).toBe(8.99);
    expect(toPounds(899, false)).toBe(899);
    expect(formatCartPrice(toPounds(123456, true))).toBe('£1.234,56');
  });
});

describe('formatDuration', () => {
  it('shows hours then minutes, minutes only when above 1', () => {
    expect(formatDuration(45)).toBe('45 minutes');
    expect(formatDuration(60)).toBe('1 hour');
    expect(formatDuration(61)).toBe('1 hour');
    expect(formatDuration(90)).toBe('1 hour 30 minutes');
    expect(formatDuration(150)).toBe('2 hours 30 minutes');
    expect(formatDuration(0)).toBe('0 minutes');
  });
});
