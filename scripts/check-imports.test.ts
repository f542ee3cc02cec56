import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findQueries, mayQuery } from './server-layers.mjs';

const projectRoot = join(import.meta.dirname, '..');
const checkScript = join(projectRoot, 'scripts/check-imports.mjs');

let copy: string | undefined;
afterEach(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = undefined;
});

/** A throw-away copy of the server and what it imports, to plant a mistake in. */
function copyOfServer(): string {
  copy = mkdtempSync(join(tmpdir(), 'check-imports-'));
  for (const folder of ['src/server', 'src/common'])
    cpSync(join(projectRoot, folder), join(copy, folder), { recursive: true });
  return copy;
}

function runCheck(root: string) {
  const run = spawnSync(process.execPath, [checkScript, root], { encoding: 'utf8' });
  return { status: run.status, errors: run.stderr };
}

describe('npm run check on the server', () => {
  it('passes on the real tree: layers point one way and queries are in stores', () => {
    const run = runCheck(projectRoot);
    expect(run.errors).toBe('');
    expect(run.status).toBe(0);
  });

  it('fails on kernel/ importing a resource and db/ importing kernel/, naming each import', () => {
    const root = copyOfServer();
    writeFileSync(
      join(root, 'src/server/kernel/planted.ts'),
      `import { findProduct } from '../catalogue/catalogue-store.js';\nexport const planted = findProduct;\n`,
    );
    writeFileSync(
      join(root, 'src/server/db/planted.ts'),
      `import { AppError } from '../kernel/errors.js';\nexport const planted = AppError;\n`,
    );
    const run = runCheck(root);
    expect(run.status).toBe(1);
    expect(run.errors).toContain(
      'src/server/kernel/planted.ts imports src/server/catalogue/catalogue-store.ts: kernel/ sits below every resource',
    );
    expect(run.errors).toContain(
      'src/server/db/planted.ts imports src/server/kernel/errors.ts: db/ is the lowest layer',
    );
    expect(run.errors).toMatch(
      /Server folders import each other \(.*src\/server\/catalogue\/.*src\/server\/kernel\/.*\)/,
    );
  });

  it('fails on two resource folders importing each other', () => {
    const root = copyOfServer();
    // orders/ already imports mail/ (its e-mails); mail/ importing orders/ closes a loop.
    writeFileSync(
      join(root, 'src/server/mail/planted.ts'),
      `import type { StoredOrder } from '../orders/orders-store.js';\nexport type Planted = StoredOrder;\n`,
    );
    const run = runCheck(root);
    expect(run.status).toBe(1);
    expect(run.errors).toContain(
      // The planted import closes a loop of mail/ and orders/ (with whatever lies between).
      'Server folders import each other (src/server/mail/, src/server/orders/',
    );
    expect(run.errors).toContain(
      'src/server/mail/planted.ts imports src/server/orders/orders-store.ts',
    );
  });

  it('fails on a query in a route file, naming the file, the line and the query', () => {
    const root = copyOfServer();
    appendFileSync(
      join(root, 'src/server/reviews/reviews-routes.ts'),
      `\nexport const countReviews = (deps: AppDeps) =>\n  deps.db.selectFrom('reviews').selectAll().execute();\n`,
    );
    const run = runCheck(root);
    expect(run.status).toBe(1);
    expect(run.errors).toMatch(
      /src\/server\/reviews\/reviews-routes\.ts:\d+ runs a database query \(selectFrom\): queries live in a store/,
    );
  });
});

describe('what counts as a query', () => {
  it('is a query builder call, a transaction or a sql template, not a word in a comment or string', () => {
    const source = [
      `// db.selectFrom('x') in a comment`,
      `const text = "db.deleteFrom('x')";`,
      `await db.updateTable('t').set({ a: 1 }).execute();`,
      `await db.transaction().execute(async (trx) => trx.insertInto('t').values({}).execute());`,
      'await sql`select 1`.execute(db);',
      `await queue.transaction(work);`,
    ].join('\n');
    expect(findQueries('x.ts', source)).toEqual([
      { line: 3, query: 'updateTable' },
      { line: 4, query: 'transaction()' },
      { line: 4, query: 'insertInto' },
      { line: 5, query: 'sql`…`' },
    ]);
  });

  it('may be written in a store or in db/, nowhere else', () => {
    expect(mayQuery('src/server/catalogue/catalogue-store.ts')).toBe(true);
    expect(mayQuery('src/server/db/transaction.ts')).toBe(true);
    expect(mayQuery('src/server/catalogue/manage-products-routes.ts')).toBe(false);
    expect(mayQuery('src/server/booking/booking-service.ts')).toBe(false);
  });
});
