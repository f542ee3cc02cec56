import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Debian's Chromium and the flags every tool here starts it with (tests, screenshots, Lighthouse):
 * no sandbox as root, and no background networking, which this machine's closed network refuses.
 */
export const chromiumExecutablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless shell of the same Chromium (package chromium-headless-shell): the same Blink
 * and V8 without the desktop browser around them, what Playwright itself runs headless tests in.
 * Most browser tests run in it, a few in the full browser above: the browser tests cost Chromium
 * about a third less CPU in it (docs/decisions/0088-browser-tests-in-the-headless-shell.md).
 */
export const headlessShellExecutablePath =
  process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium opens two hidden WebUI pages (chrome://omnibox-popup, the address bar's
 * drop-down) for every new browser context, each a renderer busy as it starts: 20 contexts cost
 * 10.9 CPU-s with them and 7.8 without (docs/decisions/0053-test-suite-time.md).
 */
const unusedChromeFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

/**
 * The features Playwright turns off (its chromiumSwitches), read from the installed
 * playwright-core: Chromium keeps only the last `--disable-features`, so ours must carry its list
 * too. Undefined when the list is not where it was (a Playwright upgrade): the popups then stay.
 */
function playwrightDisabledFeatures(): string[] | undefined {
  try {
    const require = createRequire(import.meta.url);
    const core = dirname(require.resolve('playwright-core/package.json'));
    const bundle = readFileSync(join(core, 'lib', 'coreBundle.js'), 'utf8');
    const block = /\bdisabledFeatures = \[([^\]]*)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
    if (block === undefined) return undefined;
    const lines = block
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('//'));
    // Only plain names: an entry that depends on an option or the environment cannot be copied.
    if (!lines.every((line) => /^"[\w-]+",?$/.test(line))) return undefined;
    return lines.map((line) => line.replace(/[",]/g, ''));
  } catch {
    return undefined;
  }
}

const playwrightFeatures = playwrightDisabledFeatures();

/** Launch options for Playwright: the flags above, without the full browser's hidden popups. */
function launchOptionsFor(executablePath: string) {
  return {
    executablePath,
    args: playwrightFeatures
      ? [
          ...chromiumFlags,
          `--disable-features=${[...playwrightFeatures, ...unusedChromeFeatures].join(',')}`,
        ]
      : chromiumFlags,
    ignoreDefaultArgs: playwrightFeatures
      ? [`--disable-features=${playwrightFeatures.join(',')}`]
      : [],
  };
}

export const chromiumLaunchOptions = launchOptionsFor(chromiumExecutablePath);
export const headlessShellLaunchOptions = launchOptionsFor(headlessShellExecutablePath);
