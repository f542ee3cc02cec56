import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumExecutablePath, chromiumFlags } from '../tests/support/chromium.js';

/** Lighthouse, mobile preset (its default), in Debian's Chromium. */
export interface PageScore {
  client: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export const pageTargets = {
  performance: 98,
  accessibility: 100,
  bestPractices: 95,
  seo: 95,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0.02,
};

export async function scorePages(
  port: number,
  pages: Array<{ client: string; path: string }>,
): Promise<PageScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutablePath,
    chromeFlags: chromiumFlags,
  });
  const scores: PageScore[] = [];
  try {
    for (const page of pages) {
      // *.localhost resolves to this machine, so each client is reached by its own host name.
      const url = `http://${page.client.toLowerCase()}.localhost:${port}${page.path}`;
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
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
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

export function pageScoresTable(scores: PageScore[]): string {
  const mark = (ok: boolean) => (ok ? '' : ' ✗');
  return [
    '| client | page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...scores.map(
      (s) =>
        `| ${s.client} | ${s.path} | ${s.performance}${mark(s.performance >= pageTargets.performance)} | ${s.accessibility}${mark(s.accessibility >= pageTargets.accessibility)} | ${s.bestPractices}${mark(s.bestPractices >= pageTargets.bestPractices)} | ${s.seo}${mark(s.seo >= pageTargets.seo)} | ${s.lcpMs}${mark(s.lcpMs <= pageTargets.lcpMs)} | ${s.tbtMs}${mark(s.tbtMs <= pageTargets.tbtMs)} | ${s.cls}${mark(s.cls <= pageTargets.cls)} |`,
    ),
  ].join('\n');
}

/** The pages issue 7 names: home, a product page, /booking and /contact for SE, RRB and JS. */
export const benchmarkPages: Array<{ client: string; path: string }> = ['SE', 'RRB', 'JS'].flatMap(
  (client) => ['/', '/product/2', '/booking', '/contact'].map((path) => ({ client, path })),
);

/**
 * `npm run bench` calls this with the port of its production server: scores the benchmark pages
 * and returns the markdown section for docs/benchmarks.md.
 */
export async function runPageBenchmarks(port: number): Promise<string> {
  const scores = await scorePages(port, benchmarkPages);
  return [
    '## Pages (Lighthouse, mobile preset, Debian Chromium)',
    '',
    `Targets: performance ≥ ${pageTargets.performance}, accessibility ${pageTargets.accessibility}, best practices ≥ ${pageTargets.bestPractices}, SEO ≥ ${pageTargets.seo}, LCP ≤ ${pageTargets.lcpMs} ms, TBT ≤ ${pageTargets.tbtMs} ms, CLS ≤ ${pageTargets.cls}. ✗ marks a miss.`,
    '',
    pageScoresTable(scores),
  ].join('\n');
}
