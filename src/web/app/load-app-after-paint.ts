import { bootScriptAttributes } from '@common/boot-script';

/** The app's entry modules and the modules they import, as the built page lists them. */
export interface AppScripts {
  modules: string[];
  preloads: string[];
}

/** The scripts named on the boot script's own element (src/server/app-boot.ts writes them). */
export function readAppScripts(element: Pick<Element, 'getAttribute'>): AppScripts {
  const list = (name: string) => (element.getAttribute(name) ?? '').split(/\s+/).filter(Boolean);
  return {
    modules: list(bootScriptAttributes.modules),
    preloads: list(bootScriptAttributes.preloads),
  };
}

/** What the boot script uses of the browser; the unit tests pass a stand-in. */
export type BootEnvironment = Pick<
  Window & typeof globalThis,
  | 'document'
  | 'addEventListener'
  | 'removeEventListener'
  | 'requestAnimationFrame'
  | 'setTimeout'
  | 'MutationObserver'
  | 'Element'
> &
  Partial<Pick<typeof globalThis, 'PerformanceObserver'>>;

/**
 * The page is prerendered: it paints, and shows its largest picture, without any script. So the
 * app's scripts are not in the page's head, where the browser would fetch them beside the picture
 * and run them before the first paint; this adds them once the page has loaded and had its first
 * contentful paint, or after two seconds at the latest (docs/decisions/0014-page-speed.md).
 * Until the app has hydrated, it keeps the visitor's button presses and form submits and replays
 * the last one once the app marks the page ready (`data-app-ready`, app/app-ready.tsx).
 */
export function loadAppAfterFirstPaint(scripts: AppScripts, env: BootEnvironment = window): void {
  const { document } = env;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const add = (tag: 'link' | 'script', properties: Record<string, string>) =>
      document.head.append(
        Object.assign(document.createElement(tag), { crossOrigin: '' }, properties),
      );
    for (const href of scripts.preloads) add('link', { rel: 'modulepreload', href });
    for (const src of scripts.modules) add('script', { type: 'module', src });
  };

  // Start once the page has loaded (its pictures are in) and has had its first contentful paint,
  // then a frame later; a frame alone can come before the first paint on a busy device.
  let loaded = document.readyState === 'complete';
  let painted = false;
  const whenReady = () => {
    if (loaded && painted) env.requestAnimationFrame(() => env.setTimeout(start, 0));
  };
  if (!loaded) {
    env.addEventListener(
      'load',
      () => {
        loaded = true;
        whenReady();
      },
      { once: true },
    );
  }
  const Observer = env.PerformanceObserver;
  if (typeof Observer === 'function' && (Observer.supportedEntryTypes ?? []).includes('paint')) {
    new Observer((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      painted = true;
      whenReady();
    }).observe({ type: 'paint', buffered: true });
  } else {
    painted = true;
    whenReady();
  }
  env.setTimeout(start, 2000);

  // A visitor may act before the app has the page. Links work without it; a button press or a
  // form sent now is kept (a form would otherwise go out as a plain GET with the visitor's
  // details in the address), the app is fetched at once, and the last such action is replayed
  // when the app marks the page ready.
  const root = document.documentElement;
  const ready = () => 'appReady' in root.dataset;
  let pending: (() => void) | null = null;
  const startEarly = () => {
    if (!ready()) start();
  };
  for (const type of ['pointerdown', 'touchstart', 'keydown']) {
    env.addEventListener(type, startEarly, { capture: true, once: true, passive: true });
  }
  env.addEventListener(
    'click',
    (event) => {
      if (ready()) return;
      const button = event.target instanceof env.Element ? event.target.closest('button') : null;
      // A submit button's press arrives as the form's submit, below.
      if (!button || (button.type === 'submit' && button.form)) return;
      pending = () => button.isConnected && button.click();
      start();
    },
    true,
  );
  env.addEventListener(
    'submit',
    (event) => {
      if (ready()) return;
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const submitter = event.submitter;
      // The app's forms all take their submit (preventDefault). One nobody took is in a part of
      // the page React has not hydrated yet: hold it again and retry shortly, for up to 5 s.
      let tries = 0;
      const send = () => {
        if (!form.isConnected) return;
        const untaken = (sent: SubmitEvent) => {
          if (sent.target !== form || sent.defaultPrevented) return;
          sent.preventDefault();
          if (++tries < 50) env.setTimeout(send, 100);
        };
        env.addEventListener('submit', untaken, { once: true });
        if (submitter && submitter.isConnected && (submitter as HTMLButtonElement).form === form)
          form.requestSubmit(submitter);
        else form.requestSubmit();
        env.removeEventListener('submit', untaken);
      };
      pending = send;
      start();
    },
    true,
  );
  new env.MutationObserver((_records, observer) => {
    if (!ready()) return;
    observer.disconnect();
    const replay = pending;
    pending = null;
    if (replay) env.setTimeout(replay, 0);
  }).observe(root, { attributes: true, attributeFilter: ['data-app-ready'] });
}
