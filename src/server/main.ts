// The production entry point (`node dist/server/main.js`). It primes process.nextTick before any
// other module is loaded (prime-next-tick.ts), then loads and starts the server (serve.ts), a
// bundle of its own so that none of its imports runs first.
import { primeNextTick } from './prime-next-tick.js';

await primeNextTick();
await import('./serve.js');
