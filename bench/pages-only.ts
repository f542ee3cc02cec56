/**
 * `npm run bench:pages`: only the Lighthouse page benchmarks, each page several times, printing the
 * median of every figure (single runs on a shared 2-core machine are noisy). Writes nothing under
 * docs/; `--out DIR` keeps every Lighthouse JSON report for a closer look (lcp-breakdown,
 * render-blocking-resources, long-tasks, bootup-time). Builds what `npm start` would build first.
 *
 *   npm run bench:pages -- [--runs 3] [--port 5650] [--only SE:/product/2,JS:/] [--out DIR]
 *                          [--flags plain|lab] [--repeat]
 *
 * `--flags plain` (the default) starts Chromium as a user runs Lighthouse; `lab` also turns off
 * its spare renderer process (bench/pages.ts). `--repeat` adds each page's repeat view (a second
 * run that keeps the browser's cache).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import {
  benchmarkPages,
  defaultFlagMode,
  pageScoresTable,
  scorePagesRepeatedly,
  startProductionServer,
  type PageScore,
} from './pages.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '5650' },
    only: { type: 'string' },
    out: { type: 'string' },
    flags: { type: 'string', default: defaultFlagMode },
    repeat: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (values.flags !== 'plain' && values.flags !== 'lab') throw new Error('--flags is plain or lab');
const flags = values.flags;
const port = Number(values.port);
const wanted = values.only?.split(',').map((entry) => entry.trim().toUpperCase());
const pages = benchmarkPages.filter(
  (page) => !wanted || wanted.includes(`${page.client}:${page.path}`.toUpperCase()),
);
// The server `npm start` serves, built as `npm start` builds it.
await ensureBuild();
if (values.out) mkdirSync(values.out, { recursive: true });

const server = await startProductionServer(port);
let medians: PageScore[];
try {
  const results = await scorePagesRepeatedly(
    port,
    pages,
    runs,
    (page, lhr, run) => {
      if (!values.out) return;
      const name = `${page.client}${page.path.replace(/[^\w.-]+/g, '_')}-run${run}.json`;
      writeFileSync(join(values.out, name), JSON.stringify(lhr));
    },
    flags,
    values.repeat,
  );
  results.runs.forEach((scores, index) =>
    console.log(`\nRun ${index + 1} of ${runs}\n\n${pageScoresTable(scores)}`),
  );
  medians = results.medians;
} finally {
  await server.stop();
}
console.log(`\nMedian of ${runs} run(s)\n\n${pageScoresTable(medians)}`);
