/**
 * `npm run bench:pages`: only the Lighthouse page benchmarks, each page several times, printing the
 * median of every figure (single runs on a shared 2-core machine are noisy). Writes nothing under
 * docs/; `--out DIR` keeps every Lighthouse JSON report for a closer look (lcp-breakdown,
 * render-blocking-resources, long-tasks, bootup-time). Needs `npm run build` first.
 *
 *   npm run bench:pages -- [--runs 3] [--port 5650] [--only SE:/product/2,JS:/] [--out DIR]
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  benchmarkPages,
  pageScoresTable,
  scorePagesRepeatedly,
  startProductionServer,
  type PageScore,
} from './pages.js';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '5650' },
    only: { type: 'string' },
    out: { type: 'string' },
  },
});
const runs = Number(values.runs);
const port = Number(values.port);
const wanted = values.only?.split(',').map((entry) => entry.trim().toUpperCase());
const pages = benchmarkPages.filter(
  (page) => !wanted || wanted.includes(`${page.client}:${page.path}`.toUpperCase()),
);
if (!existsSync(join(root, 'dist/web/server/entry-server.js'))) {
  throw new Error('No production build: run "npm run build" first.');
}
if (values.out) mkdirSync(values.out, { recursive: true });

const server = await startProductionServer(port);
let medians: PageScore[];
try {
  const results = await scorePagesRepeatedly(port, pages, runs, (page, lhr, run) => {
    if (!values.out) return;
    const name = `${page.client}${page.path.replace(/\//g, '_')}-run${run}.json`;
    writeFileSync(join(values.out, name), JSON.stringify(lhr));
  });
  results.runs.forEach((scores, index) =>
    console.log(`\nRun ${index + 1} of ${runs}\n\n${pageScoresTable(scores)}`),
  );
  medians = results.medians;
} finally {
  await server.stop();
}
console.log(`\nMedian of ${runs} run(s)\n\n${pageScoresTable(medians)}`);
