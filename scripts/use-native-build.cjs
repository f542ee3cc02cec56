// Preloaded (`--require`, through NODE_OPTIONS so that every child Node gets it too) by
// scripts/test-on-node.mjs: sends every import or require of the project's better-sqlite3 to a copy
// built for the Node under test, so node_modules, built for the machine's Node, stays untouched.
// CommonJS and synchronous on purpose: an ES module preload would run Node's async loader first,
// and src/server/hold-tick-object.test.ts needs its probe processes as bare as can be.
const { ABI, FROM, TO } = {
  ABI: process.env.TEST_ON_NODE_ABI,
  FROM: process.env.TEST_ON_NODE_REDIRECT_FROM,
  TO: process.env.TEST_ON_NODE_REDIRECT_TO,
};

// Another Node started from the tests (say the machine's, by name) keeps its own build.
if (ABI === process.versions.modules && FROM && TO) {
  const { pathToFileURL } = process.getBuiltinModule('node:url');
  const { registerHooks } = process.getBuiltinModule('node:module');
  const to = pathToFileURL(TO).href + '/';
  // The package as reached through the node_modules symlink and as its real path.
  const from = FROM.split('\n').map((dir) => pathToFileURL(dir).href + '/');
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const prefix = from.find((dir) => resolved.url.startsWith(dir));
      return prefix ? { ...resolved, url: to + resolved.url.slice(prefix.length) } : resolved;
    },
  });
}
