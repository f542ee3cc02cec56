// The import graph of the source tree, its cycles and its boundary breaks. Plain JavaScript so
// `npm run check` runs it without a compiler; TypeScript's own scanner reads each file's imports,
// type-only imports and re-exports included (ESLint's import-x/no-cycle skips `import type`, and
// its resolver could not be installed from this registry: docs/decisions/0017-import-boundaries.md).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * TypeScript through `require`: imported as ESM, Node 20 first tries its 9 MB file as an ES module
 * and then scans it for named exports, ~0.3 s of each check's ~1.5 s
 * (docs/decisions/0053-test-suite-time.md).
 */
export const ts = createRequire(import.meta.url)('typescript');

const sourceExtensions = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

function listSourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Installed packages are not ours (bench/lighthouse/ has its own install).
    if (entry.isDirectory() && entry.name === 'node_modules') continue;
    if (entry.isDirectory()) files.push(...listSourceFiles(path));
    else if (sourceExtensions.some((ext) => entry.name.endsWith(ext))) files.push(path);
  }
  return files;
}

/** The file an import names, or undefined for packages and non-code assets. */
function resolveImport(fromFile, specifier, aliases) {
  const bare = specifier.split('?')[0];
  let base;
  if (bare.startsWith('.')) base = resolve(dirname(fromFile), bare);
  else {
    const alias = aliases.find(([prefix]) => bare.startsWith(prefix));
    if (!alias) return undefined;
    base = join(alias[1], bare.slice(alias[0].length));
  }
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    ...sourceExtensions.map((ext) => stem + ext),
    ...sourceExtensions.map((ext) => join(base, `index${ext}`)),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile() && isSource(file));
}

function isSource(file) {
  return sourceExtensions.some((ext) => file.endsWith(ext)) && !file.endsWith('.d.ts');
}

/**
 * Every source file under `roots` (relative to `projectRoot`) with the project files it imports.
 * `aliases` maps an import prefix to a folder, e.g. `['@/', 'src/web/']`.
 */
export function buildImportGraph(projectRoot, roots, aliases = []) {
  const absoluteAliases = aliases.map(([prefix, folder]) => [prefix, resolve(projectRoot, folder)]);
  const graph = new Map();
  for (const root of roots) {
    for (const file of listSourceFiles(resolve(projectRoot, root))) {
      if (file.endsWith('.d.ts') || file.endsWith('.d.mts')) continue;
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = new Set();
      for (const imported of info.importedFiles) {
        const target = resolveImport(file, imported.fileName, absoluteAliases);
        if (target) targets.add(toProjectPath(projectRoot, target));
      }
      graph.set(toProjectPath(projectRoot, file), [...targets].sort());
    }
  }
  return graph;
}

function toProjectPath(projectRoot, file) {
  return relative(projectRoot, file).split(sep).join('/');
}

/** Groups of files that import each other, directly or round about (Tarjan's algorithm). */
export function findCycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const lowLink = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (file) => {
    indexOf.set(file, index);
    lowLink.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!indexOf.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file), lowLink.get(target)));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file), indexOf.get(target)));
      }
    }
    if (lowLink.get(file) !== indexOf.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    const importsItself = (graph.get(file) ?? []).includes(file);
    if (group.length > 1 || importsItself) cycles.push(group.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!indexOf.has(file)) visit(file);
  return cycles;
}

/**
 * Imports that cross a boundary. A rule names the importing files (`from`, a RegExp over the
 * project path), the files they may not import (`forbidden`, a function of the importer's match
 * and the target, so "another feature" can be said), and the message a person reads.
 */
export function findBoundaryBreaks(graph, rules) {
  const breaks = [];
  for (const [file, targets] of graph) {
    // A test may reach across a boundary to set up what it checks (tests/support builds the app).
    if (/\.test\.[cm]?[jt]sx?$/.test(file)) continue;
    for (const rule of rules) {
      const match = rule.from.exec(file);
      if (!match) continue;
      for (const target of targets) {
        if (rule.forbidden(target, match)) breaks.push({ file, target, message: rule.message });
      }
    }
  }
  return breaks;
}

/** The project's boundaries (docs/architecture.md). */
export const projectBoundaries = [
  {
    from: /^src\/common\//,
    forbidden: (target) => /^src\/(server|web)\//.test(target),
    message: 'src/common is shared by the browser and the server: it imports neither.',
  },
  {
    from: /^src\/server\/(?!http\/|serve\.ts$|dev\.ts$)/,
    forbidden: (target) => target.startsWith('src/server/http/'),
    message:
      'Resources do not import the HTTP shell (src/server/http); the shell imports them. Shared pieces go in src/server/kernel.',
  },
  {
    from: /^/,
    forbidden: (target) => target === 'src/server/main.ts' || target === 'src/server/dev.ts',
    message:
      'main.ts and dev.ts start the server; nothing imports them (tests use http/build-app.ts).',
  },
  {
    from: /^(?!src\/server\/main\.ts$)/,
    forbidden: (target) => target === 'src/server/serve.ts',
    message:
      'serve.ts is loaded by main.ts alone, after it holds a nextTick object (hold-tick-object.ts).',
  },
  {
    from: /^src\/server\//,
    forbidden: (target) => target.startsWith('src/web/'),
    message: 'The server does not import browser code; it loads the built bundle.',
  },
  {
    from: /^src\/web\//,
    forbidden: (target) => target.startsWith('src/server/'),
    message: 'Browser code does not import the server; shared shapes go in src/common.',
  },
  {
    from: /^src\/web\/features\//,
    forbidden: (target) => target.startsWith('src/web/app/'),
    message:
      'A feature does not import the app shell (src/web/app); the shell composes features. Shared pieces go in src/web/components or src/web/lib.',
  },
  {
    from: /^src\/web\/features\/([^/]+)\//,
    forbidden: (target, match) =>
      target.startsWith('src/web/features/') && !target.startsWith(`src/web/features/${match[1]}/`),
    message:
      'A feature does not import another feature; move the shared piece to src/web/components or src/web/lib.',
  },
  {
    from: /^src\/web\/(components|lib)\//,
    forbidden: (target) => /^src\/web\/(app|features|manage)\//.test(target),
    message:
      'Shared components and lib code import neither the app shell, a feature nor the back office.',
  },
  // The back office (src/web/manage) is an app of its own: the site's router loads its entry
  // lazily, so its code never lands in a visitor's bundle, and its screens stay apart.
  {
    from: /^(?!src\/web\/app\/router\.tsx$|src\/web\/manage\/)/,
    forbidden: (target) => target.startsWith('src/web/manage/'),
    message:
      'Only the router (src/web/app/router.tsx) imports the back office, through src/web/manage/app/manage-routes.tsx.',
  },
  {
    from: /^src\/web\/app\/router\.tsx$/,
    forbidden: (target) =>
      target.startsWith('src/web/manage/') && target !== 'src/web/manage/app/manage-routes.tsx',
    message:
      "The router imports the back office's entry (src/web/manage/app/manage-routes.tsx) only.",
  },
  {
    from: /^src\/web\/manage\/screens\/([^/]+)\//,
    forbidden: (target, match) =>
      target.startsWith('src/web/manage/') &&
      !target.startsWith('src/web/manage/shared/') &&
      !target.startsWith(`src/web/manage/screens/${match[1]}/`),
    message:
      'A back-office screen imports neither another screen nor the back office shell; move what two screens share to src/web/manage/shared.',
  },
  {
    from: /^src\/web\/manage\/shared\//,
    forbidden: (target) =>
      target.startsWith('src/web/manage/') && !target.startsWith('src/web/manage/shared/'),
    message:
      "The back office's shared parts import no screen and not its shell (src/web/manage/app).",
  },
  {
    from: /^src\/web\/manage\//,
    forbidden: (target) => /^src\/web\/(app|features)\//.test(target),
    message:
      'The back office imports neither the site shell nor a visitor feature; shared pieces go in src/web/components or src/web/lib.',
  },
];
