import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedBookings } from './seed-bookings.js';
const dataDir = mkdtempSync(join(tmpdir(), 'hs-prof-'));
const r = await seedBookings(undefined, dataDir);
console.log(JSON.stringify({ dataDir, ...r }));
