import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationNames } from './migrations.js';
import { migrationList } from './migrations/index.js';

const folder = join(import.meta.dirname, 'migrations');
const migrationFiles = readdirSync(folder)
  .filter((file) => file !== 'index.ts')
  .sort();

describe('the migration list', () => {
  it('lists every file in migrations/ once, in order, under its file name', () => {
    expect(migrationList.map((m) => `${m.name}.ts`)).toEqual(migrationFiles);
  });

  it('numbers them 0001, 0002, … with no gap, each named in kebab-case', () => {
    migrationList.forEach((migration, index) => {
      expect(migration.name).toMatch(/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(migration.name.slice(0, 4)).toBe(String(index + 1).padStart(4, '0'));
    });
  });

  it('runs them in the order listed (Kysely sorts by name)', () => {
    const listed = migrationList.map((m) => m.name);
    expect(migrationNames('sqlite')).toEqual(listed);
    expect(migrationNames('postgres')).toEqual(listed);
  });

  it('gives each name from before the split to one migration, none equal to a new name', () => {
    const formerNames = migrationList.flatMap((m) => (m.formerName ? [m.formerName] : []));
    expect(new Set(formerNames).size).toBe(formerNames.length);
    for (const name of formerNames) expect(migrationNames('sqlite')).not.toContain(name);
  });
});
