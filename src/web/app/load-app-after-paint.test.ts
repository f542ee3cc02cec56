import { describe, expect, it } from 'vitest';
import {
  loadAppAfterFirstPaint,
  readAppScripts,
  type BootEnvironment,
} from './load-app-after-paint';

const scripts = {
  modules: ['/assets/index-AbC1.js'],
  preloads: ['/assets/jsx-runtime-XyZ2.js'],
};

type Listener = (event?: unknown) => void;

/** Runs the boot script against a stand-in browser; returns what it added to the head. */
function runBoot(readyState: 'loading' | 'complete', globals: Record<string, unknown> = {}) {
  const added: Array<Record<string, string>> = [];
  const timers: Array<() => void> = [];
  const listeners = new Map<string, Listener[]>();
  const dataset: Record<string, string> = {};
  let markWatcher: (() => void) | undefined;
  class FakeElement {}
  const environment = {
    ...globals,
    Element: FakeElement,
    document: {
      readyState,
      documentElement: { dataset },
      createElement: () => ({}),
      head: { append: (element: Record<string, string>) => added.push(element) },
    },
    MutationObserver: class {
      constructor(callback: (records: unknown[], observer: unknown) => void) {
        markWatcher = () => callback([], { disconnect: () => (markWatcher = undefined) });
      }
      observe() {}
    },
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    removeEventListener: (type: string, listener: Listener) =>
      listeners.set(
        type,
        (listeners.get(type) ?? []).filter((other) => other !== listener),
      ),
    requestAnimationFrame: (callback: () => void) => timers.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  };
  // A stand-in, not a browser: only what the boot script touches is there.
  loadAppAfterFirstPaint(scripts, environment as unknown as BootEnvironment);
  const fire = (type: string, event?: unknown) =>
    (listeners.get(type) ?? []).forEach((listener) => listener(event));
  /** What the app does once it has the page: the mark, which the boot script watches. */
  const markReady = () => {
    dataset.appReady = '';
    markWatcher?.();
  };
  return { added, timers, fire, markReady, FakeElement };
}

describe('readAppScripts', () => {
  it('reads the scripts the server listed on the boot script', () => {
    const attributes: Record<string, string> = {
      'data-app-modules': '/assets/index-AbC1.js',
      'data-app-preloads': '/assets/jsx-runtime-XyZ2.js /assets/schemas-3.js',
    };
    expect(readAppScripts({ getAttribute: (name) => attributes[name] ?? null })).toEqual({
      modules: ['/assets/index-AbC1.js'],
      preloads: ['/assets/jsx-runtime-XyZ2.js', '/assets/schemas-3.js'],
    });
    expect(readAppScripts({ getAttribute: () => null })).toEqual({ modules: [], preloads: [] });
  });
});

describe('loadAppAfterFirstPaint', () => {
  it('adds the module preload and the entry script once the page has loaded and painted', () => {
    const { added, timers, fire } = runBoot('loading');
    expect(added).toEqual([]);
    fire('load');
    while (timers.length) timers.shift()!(); // the frame, then the task after it (and the cap)
    expect(added).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/jsx-runtime-XyZ2.js' },
      { type: 'module', crossOrigin: '', src: '/assets/index-AbC1.js' },
    ]);
  });

  it('waits for the first contentful paint where the browser reports paints', () => {
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
    const { added, timers, fire } = runBoot('loading', {
      PerformanceObserver: FakePerformanceObserver,
    });
    fire('load'); // but nothing painted yet
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

  it('fetches the app at once when the visitor presses or types before it has started', () => {
    const { added, fire } = runBoot('loading');
    fire('pointerdown');
    expect(added.map((element) => element.href ?? element.src)).toEqual([
      '/assets/jsx-runtime-XyZ2.js',
      '/assets/index-AbC1.js',
    ]);
  });

  it('presses a button again once the app is ready, if it was pressed before', () => {
    const { added, timers, fire, markReady, FakeElement } = runBoot('complete');
    const presses: string[] = [];
    const menuButton = {
      type: 'button',
      form: null,
      isConnected: true,
      click: () => presses.push('menu'),
    };
    const sendButton = {
      type: 'submit',
      form: {},
      isConnected: true,
      click: () => presses.push('send'),
    };
    const pressOn = (button: object) =>
      Object.assign(new FakeElement(), {
        closest: (selector: string) => (selector === 'button' ? button : null),
      });
    fire('click', { target: pressOn(sendButton) }); // arrives as its form's submit instead
    expect(added).toEqual([]);
    fire('click', { target: pressOn(menuButton) });
    expect(added).toHaveLength(2); // fetched at once
    timers.splice(0); // the start-up timers
    expect(presses).toEqual([]);
    markReady();
    timers.splice(0).forEach((timer) => timer());
    expect(presses).toEqual(['menu']);
    fire('click', { target: pressOn(menuButton) }); // the app has the page now: left to it
    markReady();
    timers.splice(0).forEach((timer) => timer());
    expect(presses).toEqual(['menu']);
  });

  it('holds a form sent before the app is ready, and sends it again until the app takes it', () => {
    const { timers, fire, markReady } = runBoot('complete');
    let appHasTheForm = false;
    const sent: unknown[] = [];
    const submitter = { isConnected: true, form: undefined as unknown };
    const form = {
      isConnected: true,
      requestSubmit(by?: unknown) {
        sent.push(by);
        const event = {
          target: form,
          defaultPrevented: appHasTheForm,
          preventDefault() {
            event.defaultPrevented = true;
          },
        };
        fire('submit', event);
      },
    };
    submitter.form = form;
    let held = false;
    fire('submit', { target: form, submitter, preventDefault: () => (held = true) });
    expect(held).toBe(true);
    timers.splice(0);
    markReady();
    timers.splice(0).forEach((timer) => timer()); // the replay: React has not hydrated the form
    expect(sent).toEqual([submitter]);
    appHasTheForm = true;
    timers.splice(0).forEach((timer) => timer()); // the retry: taken
    expect(sent).toEqual([submitter, submitter]);
    expect(timers).toEqual([]);
  });
});
