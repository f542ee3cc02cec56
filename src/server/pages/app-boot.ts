import { createHash } from 'node:crypto';

export interface DeferredAppScripts {
  /** The page template without the app's script and module preload tags. */
  template: string;
  /** The small script that loads them once the page has painted; none if nothing was moved. */
  boot?: { path: string; source: string };
}

const moduleScript =
  /<script type="module"(?: crossorigin)? src="(\/assets\/[^"]+\.js)"><\/script>\s*/g;
const modulePreload =
  /<link rel="modulepreload"(?: crossorigin)? href="(\/assets\/[^"]+\.js)">\s*/g;

/**
 * The page is prerendered: it paints, and shows its largest picture, without any script. So the
 * app's scripts are not in the page's head, where the browser would fetch them beside the picture
 * and run them before the first paint; a small boot script (external: the CSP allows no inline
 * script) adds them once the page has loaded and had its first contentful paint, or after two
 * seconds at the latest.
 * Until the app has hydrated, the boot script keeps the visitor's button presses and form submits
 * and replays the last one once the app is ready (docs/decisions/page-speed.md).
 */
export function deferAppScripts(template: string): DeferredAppScripts {
  const entries = [...template.matchAll(moduleScript)].map((match) => match[1]!);
  if (entries.length === 0) return { template };
  const preloads = [...template.matchAll(modulePreload)].map((match) => match[1]!);
  const source = `// Loads the app after the first paint (src/server/app-boot.ts).
(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const add = (tag, properties) =>
      document.head.append(Object.assign(document.createElement(tag), { crossOrigin: '' }, properties));
    for (const href of ${JSON.stringify(preloads)}) add('link', { rel: 'modulepreload', href });
    for (const src of ${JSON.stringify(entries)}) add('script', { type: 'module', src });
  };
  // Start once the page has loaded (its pictures are in) and has had its first contentful paint,
  // then a frame later; a frame alone can come before the first paint on a busy device.
  let loaded = document.readyState === 'complete';
  let painted = false;
  const whenReady = () => {
    if (loaded && painted) requestAnimationFrame(() => setTimeout(start, 0));
  };
  if (!loaded) {
    addEventListener('load', () => { loaded = true; whenReady(); }, { once: true });
  }
  const paintTiming =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).includes('paint');
  if (paintTiming) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      painted = true;
      whenReady();
    }).observe({ type: 'paint', buffered: true });
  } else {
    painted = true;
    whenReady();
  }
  setTimeout(start, 2000);

  // A visitor may act before the app has the page. Links work without it; a button press or a
  // form sent now is kept (a form would otherwise go out as a plain GET with the visitor's
  // details in the address), the app is fetched at once, and the last such action is replayed
  // when the app marks the page ready.
  const root = document.documentElement;
  const ready = () => 'appReady' in root.dataset;
  let pending = null;
  const startEarly = () => { if (!ready()) start(); };
  for (const type of ['pointerdown', 'touchstart', 'keydown']) {
    addEventListener(type, startEarly, { capture: true, once: true, passive: true });
  }
  addEventListener('click', (event) => {
    if (ready()) return;
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // A submit button's press arrives as the form's submit, below.
    if (!button || (button.type === 'submit' && button.form)) return;
    pending = () => button.isConnected && button.click();
    start();
  }, true);
  addEventListener('submit', (event) => {
    if (ready()) return;
    event.preventDefault();
    const form = event.target;
    const submitter = event.submitter;
    // The app's forms all take their submit (preventDefault). One nobody took is in a part of
    // the page React has not hydrated yet: hold it again and retry shortly, for up to 5 s.
    let tries = 0;
    const send = () => {
      if (!form.isConnected) return;
      const untaken = (sent) => {
        if (sent.target !== form || sent.defaultPrevented) return;
        sent.preventDefault();
        if (++tries < 50) setTimeout(send, 100);
      };
      addEventListener('submit', untaken, { once: true });
      if (submitter && submitter.isConnected && submitter.form === form) form.requestSubmit(submitter);
      else form.requestSubmit();
      removeEventListener('submit', untaken);
    };
    pending = send;
    start();
  }, true);
  new MutationObserver((records, observer) => {
    if (!ready()) return;
    observer.disconnect();
    const replay = pending;
    pending = null;
    if (replay) setTimeout(replay, 0);
  }).observe(root, { attributes: true, attributeFilter: ['data-app-ready'] });
})();
`;
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 12);
  const path = `/app-boot.${hash}.js`;
  const withoutScripts = template.replace(moduleScript, '').replace(modulePreload, '');
  return {
    template: withoutScripts.replace(
      '</head>',
      `  <script src="${path}" async></script>\n  </head>`,
    ),
    boot: { path, source },
  };
}
