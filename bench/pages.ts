import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBenchmarkSection } from './benchmarks-file.js';
import { loadLighthouse, type LighthouseResult } from './lighthouse-tools.js';
import { productionServerEnv, productionServerScript, startNodeServer } from './bench-server.js';
import { chromiumExecutablePath, chromiumFlags } from '../tests/support/chromium.js';

/**
 * Chrome keeps a spare renderer process warm and starts the next one just as a navigation takes the
 * current one. On this 2-core machine that start-up (about 16 ms of CPU) races the page's first
 * task, and Lighthouse multiplies the task's wall time by four. The page under test gains or loses
 * nothing from the spare, so the lab browser runs without it (docs/decisions/0014-page-speed.md).
 */
function lighthouseChromiumFlags(launcherDefaults: string[]): string[] {
  return withDisabledFeature(
    [...launcherDefaults, ...chromiumFlags],
    'SpareRendererForSitePerProcess',
  );
}

/**
 * Chromium as a user runs Lighthouse: chrome-launcher's default flags and only what this machine
 * needs to start it at all (headless, no sandbox as root, no background networking), with the
 * spare renderer left on (issue 13 asks for the targets in this mode).
 */
function plainChromiumFlags(launcherDefaults: string[]): string[] {
  return [...launcherDefaults, ...chromiumFlags];
}

/** `BENCH_LIGHTHOUSE_FLAGS=plain` (or `--plain`): the plain flags; the lab flags otherwise. */
export type FlagMode = 'plain' | 'lab';
export const defaultFlagMode: FlagMode =
  process.env.BENCH_LIGHTHOUSE_FLAGS === 'lab' ? 'lab' : 'plain';

/**
 * Chrome reads only the last `--disable-features`, so a feature joins chrome-launcher's list
 * rather than replacing it (launched with `ignoreDefaultFlags`, the list is passed whole).
 */
function withDisabledFeature(flags: string[], feature: string): string[] {
  const prefix = '--disable-features=';
  const listed = flags
    .filter((flag) => flag.startsWith(prefix))
    .map((flag) => flag.slice(prefix.length));
  return [
    ...flags.filter((flag) => !flag.startsWith(prefix)),
    `${prefix}${[...listed, feature].join(',')}`,
  ];
}

/** Lighthouse, mobile preset (its default), in Debian's Chromium. */
export interface PageScore {
  client: string;
  /** The page's path; ` (repeat)` after it for a repeat view. */
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Issue 19's picture audits, `uses-responsive-images` and `modern-image-formats`: true when both
   * score 1 (or do not apply: no picture to judge).
   */
  imagesPass: boolean;
}

/** The Lighthouse audits that judge the site's pictures (issue 19): each must score 1. */
export const imageAudits = ['uses-responsive-images', 'modern-image-formats'] as const;

/** Whether every picture audit passed (a score of 1, or not applicable). */
function imageAuditsPass(audits: LighthouseResult['audits']): boolean {
  return imageAudits.every((id) => {
    const audit = audits[id];
    return !audit || audit.scoreDisplayMode === 'notApplicable' || audit.score === 1;
  });
}

/** Issue 7's targets, with issue 13's performance and LCP. */
export const pageTargets = {
  performance: 99,
  accessibility: 100,
  bestPractices: 95,
  seo: 95,
  lcpMs: 1000,
  tbtMs: 50,
  cls: 0.02,
};

export async function scorePages(
  port: number,
  pages: Array<{ client: string; path: string }>,
  /** Receives each full Lighthouse result (for example to save it for a closer look). */
  onReport?: (page: { client: string; path: string }, lhr: LighthouseResult) => void,
  flags: FlagMode = defaultFlagMode,
  /**
   * Also a repeat view of each page: a second run right after the first that keeps the browser's
   * cache (`disableStorageReset`), as a visitor's next visit finds it (issue 37: the site's
   * stylesheet is a cached file since decision 0084).
   */
  repeatView = false,
): Promise<PageScore[]> {
  const { lighthouse, chromeLauncher } = await loadLighthouse();
  const launcherDefaults = chromeLauncher.Launcher.defaultFlags();
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutablePath,
    chromeFlags:
      flags === 'plain'
        ? plainChromiumFlags(launcherDefaults)
        : lighthouseChromiumFlags(launcherDefaults),
    ignoreDefaultFlags: true,
  });
  const scores: PageScore[] = [];
  const views = repeatView ? [false, true] : [false];
  try {
    for (const [firstPage, repeat] of pages.flatMap((p) => views.map((r) => [p, r] as const))) {
      const page = repeat ? { ...firstPage, path: `${firstPage.path} (repeat)` } : firstPage;
      // *.localhost resolves to this machine, so each client is reached by its own host name.
      const url = `http://${page.client.toLowerCase()}.localhost:${port}${firstPage.path}`;
      const options = {
        port: chrome.port,
        output: 'json' as const,
        logLevel: 'error' as const,
        disableStorageReset: repeat,
      };
      // A run that fails to record its trace (NO_NAVSTART, seen on this busy machine) is repeated.
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1; ; attempt++) {
        result = await lighthouse(url, options);
        if (!result?.lhr.runtimeError || attempt === 3) break;
      }
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      onReport?.(page, result.lhr);
      const { categories, audits } = result.lhr;
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      scores.push({
        ...page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
        imagesPass: imageAuditsPass(audits),
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Every page `runs` times (single Lighthouse runs on a shared machine move by a few points) and
 * the median of each figure per page.
 */
export async function scorePagesRepeatedly(
  port: number,
  pages: Array<{ client: string; path: string }>,
  runs: number,
  onReport?: (page: { client: string; path: string }, lhr: LighthouseResult, run: number) => void,
  flags: FlagMode = defaultFlagMode,
  repeatView = false,
): Promise<{ runs: PageScore[][]; medians: PageScore[] }> {
  const allRuns: PageScore[][] = [];
  for (let run = 1; run <= runs; run++) {
    allRuns.push(
      await scorePages(port, pages, (page, lhr) => onReport?.(page, lhr, run), flags, repeatView),
    );
  }
  const scored = allRuns[0]!.map(({ client, path }) => ({ client, path }));
  const medians = scored.map((page, index): PageScore => {
    const scores = allRuns.map((scoresOfRun) => scoresOfRun[index]!);
    const of = (pick: (score: PageScore) => number) => median(scores.map(pick));
    return {
      ...page,
      performance: of((s) => s.performance),
      accessibility: of((s) => s.accessibility),
      bestPractices: of((s) => s.bestPractices),
      seo: of((s) => s.seo),
      lcpMs: of((s) => s.lcpMs),
      tbtMs: of((s) => s.tbtMs),
      cls: of((s) => s.cls),
      // A picture audit failing in any run is a failure: pictures do not vary between runs.
      imagesPass: scores.every((s) => s.imagesPass),
    };
  });
  return { runs: allRuns, medians };
}

export function pageScoresTable(scores: PageScore[]): string {
  const mark = (ok: boolean) => (ok ? '' : ' ✗');
  return [
    '| client | page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | pictures |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
    ...scores.map(
      (s) =>
        `| ${s.client} | ${s.path} | ${s.performance}${mark(s.performance >= pageTargets.performance)} | ${s.accessibility}${mark(s.accessibility >= pageTargets.accessibility)} | ${s.bestPractices}${mark(s.bestPractices >= pageTargets.bestPractices)} | ${s.seo}${mark(s.seo >= pageTargets.seo)} | ${s.lcpMs}${mark(s.lcpMs <= pageTargets.lcpMs)} | ${s.tbtMs}${mark(s.tbtMs <= pageTargets.tbtMs)} | ${s.cls}${mark(s.cls <= pageTargets.cls)} | ${s.imagesPass ? 'pass' : 'fail ✗'} |`,
    ),
  ].join('\n');
}

/**
 * Home, product, booking and contact for SE, RRB and JS (issue 13). A product page exists only
 * for a client with a shop: RRB and JS answer /product/2 with their not-found screen (404,
 * noindex), which is not a page anyone is sent to, so only SE's is measured. Issue 29 adds a
 * product list of each shop (SE /oasis, BBG /haircare) and RRB's /reviews: pages that used to be
 * sent with a loading line and are now prerendered with their data.
 */
export const benchmarkPages: Array<{ client: string; path: string }> = [
  ...['/', '/product/2', '/booking', '/contact'].map((path) => ({ client: 'SE', path })),
  ...['RRB', 'JS'].flatMap((client) =>
    ['/', '/booking', '/contact'].map((path) => ({ client, path })),
  ),
  { client: 'SE', path: '/oasis' },
  { client: 'BBG', path: '/haircare' },
  { client: 'RRB', path: '/reviews' },
];

/** Starts the production server on a fresh SQLite data folder; resolves once it answers. */
export async function startProductionServer(port: number): Promise<{ stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'highstreet-pages-'));
  const server = await startNodeServer(
    productionServerScript,
    productionServerEnv(port, dataDir),
    `http://127.0.0.1:${port}/api/health`,
  ).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The page section's heading in docs/benchmarks.md. */
const pagesHeading = '## Pages (Lighthouse, mobile preset, Debian Chromium)';

interface QuietWait {
  idlePercent: number;
  waitedSeconds: number;
}

/** The share of every CPU's time spent idle over the next second, from /proc/stat. */
async function idlePercentOverASecond(): Promise<number> {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
    const numbers = fields.map(Number);
    return { total: numbers.reduce((a, b) => a + b, 0), idle: numbers[3]! + numbers[4]! };
  };
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = read();
  return Math.round((100 * (after.idle - before.idle)) / Math.max(1, after.total - before.total));
}

/**
 * Waits (at most two minutes) until the machine is at least 90% idle: Lighthouse's TBT is the
 * page's main-thread time times four, so a neighbour's work (PostgreSQL writing out what the API
 * half just stored, a build) would be counted as the page's. Where /proc/stat is missing, it
 * does not wait.
 */
async function untilTheMachineIsQuiet(): Promise<QuietWait> {
  if (!existsSync('/proc/stat')) return { idlePercent: 0, waitedSeconds: 0 };
  const started = Date.now();
  let idlePercent = await idlePercentOverASecond();
  while (idlePercent < 90 && Date.now() - started < 120_000) {
    idlePercent = await idlePercentOverASecond();
  }
  return { idlePercent, waitedSeconds: Math.round((Date.now() - started) / 1000) };
}

/**
 * `npm run bench`'s page half: the pages, `BENCH_PAGE_RUNS` times (default 5: Lighthouse's guidance
 * on variability is the median of five runs; single runs on this shared machine move by points).
 */
export async function runPageBenchmarks(port = 3902): Promise<string> {
  const runs = Number(process.env.BENCH_PAGE_RUNS ?? 5);
  const server = await startProductionServer(port);
  let results: Awaited<ReturnType<typeof scorePagesRepeatedly>>;
  let quiet: QuietWait;
  try {
    quiet = await untilTheMachineIsQuiet();
    results = await scorePagesRepeatedly(port, benchmarkPages, runs, undefined, defaultFlagMode);
  } finally {
    await server.stop();
  }
  const section = [
    '',
    pagesHeading,
    '',
    `The server \`npm start\` runs (\`node dist/server/main.js\`, production build) on SQLite; each client reached by its host name; ${defaultFlagMode === 'plain' ? 'Chromium with plain flags, as a user runs Lighthouse (chrome-launcher defaults plus headless, no sandbox, no background networking)' : 'Chromium without its spare renderer process (`--disable-features=SpareRendererForSitePerProcess`, see docs/decisions/0014-page-speed.md)'}; every page ${runs} time(s), the median of each figure; started once the machine was ${quiet.idlePercent}% idle over a second (after ${quiet.waitedSeconds} s of waiting). Targets (issues 7 and 13): performance ≥ ${pageTargets.performance}, accessibility ${pageTargets.accessibility}, best practices ≥ ${pageTargets.bestPractices}, SEO ≥ ${pageTargets.seo}, LCP ≤ ${pageTargets.lcpMs} ms, TBT ≤ ${pageTargets.tbtMs} ms, CLS ≤ ${pageTargets.cls}. ✗ marks a miss. What was done to reach them: docs/decisions/0014-page-speed.md.`,
    '',
    pageScoresTable(results.medians),
    '',
    ...results.runs.flatMap((scores, index) => [
      `### Run ${index + 1} of ${runs}`,
      '',
      pageScoresTable(scores),
      '',
    ]),
  ].join('\n');
  writeBenchmarkSection('pages', section, 'end');
  console.log(section);
  return section;
}
