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
 * Until the app has hydrated, main.tsx holds native form submits (docs/decisions/page-speed.md).
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
    for (const href of ${JSON.stringify(preloads)}) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    for (const src of ${JSON.stringify(entries)}) {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      document.head.append(script);
    }
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
