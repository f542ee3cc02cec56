/**
 * Two versions of a record compared field by field, for the "changed by someone else" choice
 * (issue 31): the owner sees what the other save holds and what they typed, and keeps one.
 */

export interface VersionDifference {
  /** Dotted path of the field (`weeklyHours.mon.0.start`, `closures`). */
  path: string;
  theirs: unknown;
  yours: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Every field where `yours` differs from `theirs`. Objects are compared key by key; a list is one
 * field when it changed length or holds something other than objects (a closure added is one
 * difference, not one per shifted row), else row by row.
 */
export function diffVersions(theirs: unknown, yours: unknown, path = ''): VersionDifference[] {
  if (sameValue(theirs, yours)) return [];
  if (isPlainObject(theirs) && isPlainObject(yours)) {
    const keys = [...new Set([...Object.keys(theirs), ...Object.keys(yours)])];
    return keys.flatMap((key) =>
      diffVersions(theirs[key], yours[key], path ? `${path}.${key}` : key),
    );
  }
  if (
    Array.isArray(theirs) &&
    Array.isArray(yours) &&
    theirs.length === yours.length &&
    theirs.every(isPlainObject) &&
    yours.every(isPlainObject)
  ) {
    return theirs.flatMap((row, index) =>
      diffVersions(row, yours[index], path ? `${path}.${index}` : String(index)),
    );
  }
  return [{ path, theirs, yours }];
}

/** A value of one version as the owner reads it in the comparison. */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    return value.length === 0 ? '(none)' : value.map(describeValue).join('; ');
  }
  if (isPlainObject(value)) {
    return Object.values(value)
      .filter((part) => part !== undefined && part !== '')
      .map(describeValue)
      .join(' – ');
  }
  return JSON.stringify(value);
}
