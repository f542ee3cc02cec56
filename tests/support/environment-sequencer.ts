import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A test file that asks for the browser's DOM (`// @vitest-environment jsdom`). */
function runsInJsdom(spec: TestSpecification): boolean {
  return /@vitest-environment\s+jsdom\b/.test(readFileSync(spec.moduleId, 'utf8'));
}

/**
 * vitest's own order, with the files that run in jsdom after all the others. With `isolate:
 * false` a worker goes on to the next file only when that file's environment is its own; the web
 * components' few jsdom files, scattered through the order, made it stop its worker and start
 * another (18 worker processes a run, each importing the server again) instead of the four this
 * order needs (decision 0053).
 */
export default class EnvironmentSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((spec) => !runsInJsdom(spec)), ...sorted.filter(runsInJsdom)];
  }
}
