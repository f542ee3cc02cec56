import { describe, expect, it } from 'vitest';
import { busyPauseMs, isSqliteBusy } from './sqlite-busy.js';

describe('SQLite busy handling', () => {
  it('knows a busy or locked database by its code', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']) {
      expect(isSqliteBusy(Object.assign(new Error('database is locked'), { code }))).toBe(true);
    }
    expect(isSqliteBusy(Object.assign(new Error('UNIQUE'), { code: 'SQLITE_CONSTRAINT' }))).toBe(
      false,
    );
    expect(isSqliteBusy(null)).toBe(false);
  });

  it('pauses 10, 20, 40, 80, then 100 ms between tries, give or take a quarter', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 9].map((n) => busyPauseMs(n, middle))).toEqual([
      10, 20, 40, 80, 100, 100,
    ]);
    expect(busyPauseMs(4, () => 0)).toBe(75);
    expect(busyPauseMs(4, () => 0.999)).toBeLessThanOrEqual(125);
  });
});
