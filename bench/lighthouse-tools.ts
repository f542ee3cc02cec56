import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Lighthouse and chrome-launcher for the page benchmarks. They are an install of their own in
 * bench/lighthouse/ (pinned by its lock file), made on first use, because no test needs them and
 * they are a fifth of the project's packages: `npm ci` for the tests is that much shorter
 * (docs/decisions/0053-test-suite-time.md). Only the parts the benchmarks read are typed here.
 */

export interface LighthouseAudit {
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
}

export interface LighthouseResult {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, LighthouseAudit | undefined>;
}

type RunLighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error' },
) => Promise<{ lhr: LighthouseResult } | undefined>;

export interface LaunchedChrome {
  port: number;
  kill: () => void;
}

interface ChromeLauncher {
  Launcher: { defaultFlags: () => string[] };
  launch: (options: {
    chromePath: string;
    chromeFlags: string[];
    ignoreDefaultFlags: boolean;
  }) => Promise<LaunchedChrome>;
}

export interface LighthouseTools {
  lighthouse: RunLighthouse;
  chromeLauncher: ChromeLauncher;
}

const folder = resolve(import.meta.dirname, 'lighthouse');

/** Imports a package's main module from bench/lighthouse/node_modules (both are ES modules). */
async function importInstalled(name: string): Promise<unknown> {
  const packageFolder = join(folder, 'node_modules', name);
  const { main } = JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8')) as {
    main: string;
  };
  return import(pathToFileURL(join(packageFolder, main)).href);
}

let loaded: Promise<LighthouseTools> | undefined;

/** Installs bench/lighthouse/ when it is missing (`npm ci` from its lock file), then loads it. */
export function loadLighthouse(): Promise<LighthouseTools> {
  loaded ??= (async () => {
    if (!existsSync(join(folder, 'node_modules', 'lighthouse', 'package.json'))) {
      console.log('Installing Lighthouse for the benchmarks into bench/lighthouse/ …');
      execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefix', folder], {
        stdio: 'inherit',
      });
    }
    const lighthouseModule = (await importInstalled('lighthouse')) as { default: RunLighthouse };
    const chromeLauncher = (await importInstalled('chrome-launcher')) as ChromeLauncher;
    return { lighthouse: lighthouseModule.default, chromeLauncher };
  })();
  return loaded;
}
