// The production entry point (`node dist/server/main.js`). It holds one of Node's nextTick objects
// before any other module is loaded (hold-tick-object.ts), then loads and starts the server
// (serve.ts), a bundle of its own so that none of its imports runs first.
import { holdTickObject } from './hold-tick-object.js';

await holdTickObject();
await import('./serve.js');
