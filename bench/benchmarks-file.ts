import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The record every benchmark writes its part of. */
export const benchmarksFile = join(import.meta.dirname, '..', 'docs', 'benchmarks.md');

/**
 * Where a part goes the first time: `top` right under the file's title (the API figures), `end`
 * after everything else.
 */
export type FirstPlace = 'top' | 'end';

const title = '# Benchmarks';

/**
 * Puts `content` into `text` between `<!-- bench:NAME start -->` and `<!-- bench:NAME end -->`,
 * replacing what a run before left there and nothing else: the sections written by hand between
 * the runs (profiles, before-and-after tables) stay where they are.
 */
export function withBenchmarkSection(
  text: string,
  name: string,
  content: string,
  firstPlace: FirstPlace,
): string {
  const start = `<!-- bench:${name} start -->`;
  const end = `<!-- bench:${name} end -->`;
  const section = `${start}\n${content.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  if (from >= 0 && to >= 0) return `${text.slice(0, from)}${section}${text.slice(to + end.length)}`;
  const body = text.startsWith(title) ? text.slice(title.length).trim() : text.trim();
  if (firstPlace === 'top') return `${title}\n\n${section}\n${body === '' ? '' : `\n${body}\n`}`;
  return `${title}\n\n${body === '' ? '' : `${body}\n\n`}${section}\n`;
}

/** Writes one benchmark's part of docs/benchmarks.md (withBenchmarkSection). */
export function writeBenchmarkSection(name: string, content: string, firstPlace: FirstPlace): void {
  const text = existsSync(benchmarksFile) ? readFileSync(benchmarksFile, 'utf8') : '';
  writeFileSync(benchmarksFile, withBenchmarkSection(text, name, content, firstPlace));
}
