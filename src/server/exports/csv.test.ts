import { describe, expect, it } from 'vitest';
import {
  formatCsvCell,
  formatCsvRow,
  formatPenceAsPounds,
  formatUkDate,
  formatUkDateTime,
} from './csv.js';

describe('CSV cells', () => {
  it('leaves plain text and numbers alone, empties null', () => {
    expect(formatCsvCell('Ann Lee')).toBe('Ann Lee');
    expect(formatCsvCell(42)).toBe('42');
    expect(formatCsvCell(null)).toBe('');
    expect(formatCsvCell(undefined)).toBe('');
    expect(formatCsvCell(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(formatCsvCell('Lee, Ann')).toBe('"Lee, Ann"');
    expect(formatCsvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(formatCsvCell('two\nlines')).toBe('"two\nlines"');
    expect(formatCsvCell('crlf\r\nend')).toBe('"crlf\r\nend"');
  });

  it('keeps a cell that starts like a formula as text', () => {
    expect(formatCsvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(formatCsvCell('+44 7700 900000')).toBe("'+44 7700 900000");
    expect(formatCsvCell('-1')).toBe("'-1");
    expect(formatCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(formatCsvCell('\tx')).toBe("'\tx");
    expect(formatCsvCell('a=b')).toBe('a=b');
  });

  it('ends a row with CRLF', () => {
    expect(formatCsvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});

describe('UK formats', () => {
  it('writes dates day first', () => {
    expect(formatUkDate('2026-11-26')).toBe('26/11/2026');
    expect(formatUkDate('not a date')).toBe('not a date');
  });

  it('writes pence as pounds with two decimals', () => {
    const pounds = (pence: number) => formatCsvCell(formatPenceAsPounds(pence));
    expect(pounds(0)).toBe('0.00');
    expect(pounds(5)).toBe('0.05');
    expect(pounds(4999)).toBe('49.99');
    expect(pounds(123456)).toBe('1234.56');
    // A figure of ours is never taken for a formula.
    expect(pounds(-250)).toBe('-2.50');
  });

  it("writes an instant in the client's time zone", () => {
    expect(formatUkDateTime('2026-07-01T08:05:00.000Z', 'Europe/London')).toBe('01/07/2026 09:05');
    expect(formatUkDateTime('2026-12-01T08:05:00.000Z', 'Europe/London')).toBe('01/12/2026 08:05');
  });
});
