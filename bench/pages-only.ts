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
  scorePages,
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

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const server = await startProductionServer(port);
const runsByPage = new Map<string, PageScore[]>();
try {
  for (let run = 1; run <= runs; run++) {
    const scores = await scorePages(port, pages, (page, lhr) => {
      if (!values.out) return;
      const name = `${page.client}${page.path.replace(/\//g, '_')}-run${run}.json`;
      writeFileSync(join(values.out, name), JSON.stringify(lhr));
    });
    console.log(`\nRun ${run} of ${runs}\n\n${pageScoresTable(scores)}`);
    for (const score of scores) {
      const key = `${score.client} ${score.path}`;
      runsByPage.set(key, [...(runsByPage.get(key) ?? []), score]);
    }
  }
} finally {
  await server.stop();
}
const medians = [...runsByPage.values()].map((scores): PageScore => {
  const of = (pick: (score: PageScore) => number) => median(scores.map(pick));
  return {
    client: scores[0]!.client,
    path: scores[0]!.path,
    performance: of((s) => s.performance),
    accessibility: of((s) => s.accessibility),
    bestPractices: of((s) => s.bestPractices),
    seo: of((s) => s.seo),
    lcpMs: of((s) => s.lcpMs),
    tbtMs: of((s) => s.tbtMs),
    cls: of((s) => s.cls),
  };
});
console.log(`\nMedian of ${runs} run(s)\n\n${pageScoresTable(medians)}`);
