// The server's layers (docs/architecture.md, "Which way imports go"), checked by
// `node scripts/check-imports.mjs`: kernel/ and db/ import no resource folder, no two server
// folders import each other (directly or around a loop), and database queries stay in stores.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findCycles, ts } from './import-graph.mjs';

const serverRoot = 'src/server/';

/** Tests and their helpers may reach across layers to set up what they check. */
const testFile = /\.(test|helper)\.[cm]?[jt]sx?$/;

/** kernel/ and db/ sit at the bottom: kernel/ may import db/, db/ neither; both may import config.ts. */
export const serverLayerRules = [
  {
    from: /^src\/server\/kernel\//,
    forbidden: (target) =>
      /^src\/server\/[^/]+\//.test(target) && !/^src\/server\/(kernel|db)\//.test(target),
    message:
      'kernel/ sits below every resource and imports none: move what it borrows into kernel/ (or db/), or have the resource pass it in.',
  },
  {
    from: /^src\/server\/db\//,
    forbidden: (target) =>
      /^src\/server\/[^/]+\//.test(target) && !target.startsWith('src/server/db/'),
    message:
      'db/ is the lowest layer and imports no other server folder: move what it borrows into db/, or have the caller pass it in.',
  },
];

/** `src/server/<folder>/…` → `src/server/<folder>/`; a file directly in src/server is its own node. */
function nodeOf(file) {
  const match = /^src\/server\/([^/]+)\//.exec(file);
  return match ? `${serverRoot}${match[1]}/` : file;
}

/**
 * Server folders that import each other, directly or around a loop, each with the imports that
 * close the loop, so the message names the line to change. Tests and test helpers do not count.
 */
export function findFolderCycles(graph) {
  const folderGraph = new Map();
  const crossings = new Map();
  for (const [file, targets] of graph) {
    if (!file.startsWith(serverRoot) || testFile.test(file)) continue;
    const from = nodeOf(file);
    if (!folderGraph.has(from)) folderGraph.set(from, []);
    for (const target of targets) {
      if (!target.startsWith(serverRoot) || testFile.test(target)) continue;
      const to = nodeOf(target);
      if (to === from) continue;
      if (!folderGraph.get(from).includes(to)) folderGraph.get(from).push(to);
      const key = `${from} ${to}`;
      if (!crossings.has(key)) crossings.set(key, []);
      crossings.get(key).push(`${file} imports ${target}`);
    }
  }
  return findCycles(folderGraph).map((folders) => ({
    folders,
    imports: folders.flatMap((from) =>
      folders.flatMap((to) => crossings.get(`${from} ${to}`) ?? []),
    ),
  }));
}

const queryBuilders = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);

/**
 * The database queries in one file's source: a call of Kysely's query builders
 * (`x.selectFrom(…)`, `insertInto`, `updateTable`, `deleteFrom`, `replaceInto`, `mergeInto`), a
 * transaction (`x.transaction()`, Kysely's only form) or a raw query (a template tagged `sql`).
 * Read from the syntax tree, so comments and strings that mention them do not count.
 */
export function findQueries(fileName, source) {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found = [];
  const lineOf = (node) => sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if (queryBuilders.has(name)) found.push({ line: lineOf(node), query: name });
      else if (name === 'transaction' && node.arguments.length === 0)
        found.push({ line: lineOf(node), query: 'transaction()' });
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql')
      found.push({ line: lineOf(node), query: 'sql`…`' });
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Where a query may be written: a store (`*-store.ts`) or the database layer (src/server/db/). */
export function mayQuery(file) {
  return /-store\.[cm]?ts$/.test(file) || file.startsWith(`${serverRoot}db/`);
}

/** Every query in a server file (tests aside) that is neither a store nor in db/. */
export function findQueriesOutsideStores(projectRoot, graph) {
  const misplaced = [];
  for (const file of graph.keys()) {
    if (!file.startsWith(serverRoot) || testFile.test(file) || mayQuery(file)) continue;
    for (const { line, query } of findQueries(file, readFileSync(join(projectRoot, file), 'utf8')))
      misplaced.push({ file, line, query });
  }
  return misplaced;
}
