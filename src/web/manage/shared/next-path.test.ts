import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

const origin = 'http://rrb.localhost:3000';

describe('safeNextPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeNextPath('/manage/audit', origin)).toBe('/manage/audit');
    expect(safeNextPath('/manage/diary?day=2026-11-25#9', origin)).toBe(
      '/manage/diary?day=2026-11-25#9',
    );
    expect(safeNextPath(`${origin}/manage/orders`, origin)).toBe('/manage/orders');
  });

  it('sends anything that leaves the origin to the back office home (issue 30, probe 13)', () => {
    // As URLSearchParams gives them from ?next=/\evil.example, %5C, %09 and %0a forms.
    for (const next of [
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\t//evil.example',
      '//evil.example',
      'https://evil.example/manage',
      'http://rrb.localhost:3001/manage',
      'https://rrb.localhost:3000/manage',
      'javascript:alert(1)',
      'data:text/html,hi',
    ]) {
      expect(safeNextPath(next, origin), JSON.stringify(next)).toBe('/manage');
    }
    expect(safeNextPath(new URLSearchParams('next=/%5Cevil.example').get('next'), origin)).toBe(
      '/manage',
    );
    expect(safeNextPath(new URLSearchParams('next=/%09/evil.example').get('next'), origin)).toBe(
      '/manage',
    );
    expect(safeNextPath(new URLSearchParams('next=/%0a/evil.example').get('next'), origin)).toBe(
      '/manage',
    );
  });

  it('does not go back to a sign-in page, and goes home without a next', () => {
    expect(safeNextPath('/login', origin)).toBe('/manage');
    expect(safeNextPath('/login/reset?x=1', origin)).toBe('/manage');
    expect(safeNextPath(null, origin)).toBe('/manage');
    expect(safeNextPath('', origin)).toBe('/manage');
  });
});
