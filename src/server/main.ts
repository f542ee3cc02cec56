// The production entry point (`node dist/server/main.js`). It holds one of Node's nextTick objects
// before any other module is loaded (hold-tick-object.ts), then loads and starts the server
// (serve.ts), a bundle of its own so that none of its imports runs first.
import { holdTickObject } from './hold-tick-object.js';

await holdTickObject();
// Node 22.1 and later keep V8's compiled code of the modules loaded from here on (the server and
// its packages) in a folder, NODE_COMPILE_CACHE or node-compile-cache in the system's temporary
// folder: every start after the first compiles less (about a fifth less CPU on Node 24). Node 20
// has no such cache, and the call is skipped.
const { default: nodeModule } = await import('node:module');
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./serve.js');
