import { describe, expect, it } from 'vitest';
import { describeValue, diffVersions } from './version-diff';

describe('diffVersions', () => {
  it('finds nothing between equal versions', () => {
    expect(diffVersions({ a: 1, b: [{ c: 'x' }] }, { a: 1, b: [{ c: 'x' }] })).toEqual([]);
  });

  it('names each changed field by its path, nested objects and rows of the same length', () => {
    const theirs = {
      capacity: 2,
      weeklyHours: { mon: [{ start: '09:00', end: '17:00' }], tue: [] },
    };
    const yours = {
      capacity: 3,
      weeklyHours: { mon: [{ start: '10:00', end: '17:00' }], tue: [] },
    };
    expect(diffVersions(theirs, yours)).toEqual([
      { path: 'capacity', theirs: 2, yours: 3 },
      { path: 'weeklyHours.mon.0.start', theirs: '09:00', yours: '10:00' },
    ]);
  });

  it('takes a list that grew as one difference, and a field only one side has', () => {
    const closure = { from: '2026-12-24', to: '2026-12-26' };
    expect(diffVersions({ closures: [] }, { closures: [closure], leadMinutes: 60 })).toEqual([
      { path: 'closures', theirs: [], yours: [closure] },
      { path: 'leadMinutes', theirs: undefined, yours: 60 },
    ]);
  });
});

describe('describeValue', () => {
  it('reads values as an owner would', () => {
    expect(describeValue(undefined)).toBe('(empty)');
    expect(describeValue([])).toBe('(none)');
    expect(describeValue(4)).toBe('4');
    expect(describeValue([{ from: '2026-12-24', to: '2026-12-26', reason: 'Christmas' }])).toBe(
      '2026-12-24 – 2026-12-26 – Christmas',
    );
  });
});
