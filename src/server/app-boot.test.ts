import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferAppScripts } from './app-boot.js';

const built = `<!doctype html>
<html lang="en">
  <head>
    <title><!--app-title--></title>
    <script type="module" crossorigin src="/assets/index-AbC1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-XyZ2.js">
    <style>a{b:c}</style>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Runs the boot script against a stand-in document; returns what it added to the head. */
function runBoot(
  source: string,
  readyState: 'loading' | 'complete',
  globals: Record<string, unknown> = {},
) {
  const added: Array<Record<string, string>> = [];
  const timers: Array<() => void> = [];
  const listeners: Array<() => void> = [];
  runInNewContext(source, {
    ...globals,
    document: {
      readyState,
      createElement: () => ({}),
      head: { append: (element: Record<string, string>) => added.push(element) },
    },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    requestAnimationFrame: (callback: () => void) => timers.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  });
  return { added, timers, listeners };
}

describe('deferAppScripts', () => {
  it('takes the app scripts out of the head and adds one async boot script', () => {
    const { template, boot } = deferAppScripts(built);
    expect(template).not.toContain('index-AbC1.js');
    expect(template).not.toContain('modulepreload');
    expect(template).toContain(`<script src="${boot!.path}" async></script>`);
    expect(boot!.path).toMatch(/^\/app-boot\.[0-9a-f]{12}\.js$/);
    expect(template).toContain('<style>a{b:c}</style>');
  });

  it('adds the module preload and the entry script once the page has loaded and painted', () => {
    const { boot } = deferAppScripts(built);
    const { added, timers, listeners } = runBoot(boot!.source, 'loading');
    expect(added).toEqual([]);
    listeners.forEach((listener) => listener()); // load
    while (timers.length) timers.shift()!(); // the frame, then the task after it (and the cap)
    expect(added).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/jsx-runtime-XyZ2.js' },
      { type: 'module', crossOrigin: '', src: '/assets/index-AbC1.js' },
    ]);
  });

  it('waits for the first contentful paint where the browser reports paints', () => {
    const { boot } = deferAppScripts(built);
    let report: ((entries: unknown, observer: unknown) => void) | undefined;
    class FakePerformanceObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback?: typeof report) {
        if (callback) report = callback;
      }
      observe() {}
      disconnect() {}
    }
    const paints = (names: string[]) => ({
      getEntriesByName: (name: string) => names.filter((n) => n === name),
    });
    const { added, timers, listeners } = runBoot(boot!.source, 'loading', {
      PerformanceObserver: FakePerformanceObserver,
    });
    listeners.forEach((listener) => listener()); // load, but nothing painted yet
    const cap = timers.shift()!; // the two-second cap, kept aside
    expect(timers).toEqual([]);
    report!(paints(['first-paint']), new FakePerformanceObserver());
    expect(timers).toEqual([]);
    report!(paints(['first-contentful-paint']), new FakePerformanceObserver());
    while (timers.length) timers.shift()!();
    expect(added.map((element) => element.href ?? element.src)).toEqual([
      '/assets/jsx-runtime-XyZ2.js',
      '/assets/index-AbC1.js',
    ]);
    cap(); // the cap after the start adds nothing twice
    expect(added).toHaveLength(2);
  });

  it('leaves a template without built scripts (the development page) as it is', () => {
    const dev = '<head><script type="module" src="./main.tsx"></script></head>';
    expect(deferAppScripts(dev)).toEqual({ template: dev });
  });
});
