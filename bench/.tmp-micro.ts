import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { findBookedIntervals } from '../src/server/booking/booking-store.js';
import { findAvailableStartTimes } from '../src/server/booking/availability.js';
import { loadClientRegistry } from '../src/server/clients/client-registry.js';
const config = loadConfig(
  { DATA_DIR: '/tmp/hs-prof-K9SjYO', NODE_ENV: 'production' },
  process.cwd(),
);
const handle = openDatabase(config.database);
const registry = await loadClientRegistry(handle.db);
const rrb = registry.byCode('RRB')!;
const N = 3000;
let t = performance.now();
let ex = await findBookedIntervals(handle.db, 'RRB', '2026-11-25');
for (let i = 0; i < N; i++) ex = await findBookedIntervals(handle.db, 'RRB', '2026-11-25');
console.log('query µs', ((performance.now() - t) * 1000) / N, ex.length);
t = performance.now();
for (let i = 0; i < N; i++)
  findAvailableStartTimes({
    date: '2026-11-25',
    durationMinutes: 60,
    rules: rrb.booking!,
    timeZone: rrb.timeZone,
    now: new Date(),
    existing: ex,
  });
console.log('avail µs', ((performance.now() - t) * 1000) / N);
console.log(JSON.stringify(rrb.booking));
