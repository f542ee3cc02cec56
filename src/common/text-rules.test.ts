import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  hasControlCharacters,
  isSingleLine,
  multiLineText,
  pathsWithControlCharacters,
  singleLineText,
  textMessages,
} from './text-rules.js';

const messagesOf = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('text rules', () => {
  it('finds NUL, other C0 and C1 controls and DEL, but not tab or line breaks', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001b[31m', 'del\u007f', 'c1\u0085x', '\u009b']) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const fine of ['Anna Smith', 'line 1\nline 2', 'tab\there', 'CRLF\r\n', 'café ☕ 東京']) {
      expect(hasControlCharacters(fine), JSON.stringify(fine)).toBe(false);
    }
  });

  it('knows one line from many, including Unicode line separators', () => {
    for (const broken of ['a\nb', 'a\rb', 'a\u2028b', 'a\u2029b', 'a\tb', 'a\u000bb']) {
      expect(isSingleLine(broken), JSON.stringify(broken)).toBe(false);
    }
    expect(isSingleLine('Flat 2, 10 High Street')).toBe(true);
  });

  it('a single-line field refuses a forged header line and NUL, and trims', () => {
    const name = singleLineText(100);
    expect(messagesOf(name, 'Anna\r\nBcc: victim@evil.example')).toEqual([textMessages.singleLine]);
    expect(messagesOf(name, 'EH1\u0000 1AA')).toContain(textMessages.control);
    expect(z.parse(name, '  Anna Smith \n')).toBe('Anna Smith');
  });

  it('a multi-line field keeps its lines but refuses control characters', () => {
    const message = multiLineText(5000);
    expect(z.parse(message, 'Hello,\r\nsee you at 10.')).toBe('Hello,\r\nsee you at 10.');
    expect(messagesOf(message, 'a\u0000b')).toEqual([textMessages.control]);
  });
});

describe('pathsWithControlCharacters', () => {
  it('names every string, and key, holding a control character, however deep', () => {
    const value = {
      title: 'ok',
      welcome: { paragraphs: ['fine', 'N\u0000UL'] },
      blocks: [{ text: 'esc\u001b' }, 7, null, true],
      'k\u0000ey': 'value',
    };
    expect(pathsWithControlCharacters(value)).toEqual([
      ['welcome', 'paragraphs', 1],
      ['blocks', 0, 'text'],
      ['k\u0000ey'],
    ]);
    expect(pathsWithControlCharacters({ text: 'two\nlines\tand a tab' })).toEqual([]);
  });
});
