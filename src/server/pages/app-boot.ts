import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootScriptAttributes } from '../../common/boot-script.js';

const moduleScript =
  /<script type="module"(?: crossorigin)? src="(\/assets\/[^"]+\.js)"><\/script>\s*/g;
const modulePreload =
  /<link rel="modulepreload"(?: crossorigin)? href="(\/assets\/[^"]+\.js)">\s*/g;

/** The built boot script: where it is served, and its code for writing it into the page. */
export interface BootScript {
  path: string;
  /** The script's code, when it can go into the page as it is (no `</script` or `<!--` in it). */
  source?: string;
}

/**
 * The page is prerendered: it paints, and shows its largest picture, without any script. So the
 * app's scripts are not left in the page's head, where the browser would fetch them beside the
 * picture and run them before the first paint. They go onto the boot script's tag instead: a
 * small script built from src/web/boot.ts that adds them once the page has loaded and had its
 * first contentful paint, and until the app has hydrated keeps the visitor's presses and form
 * submits (docs/decisions/0014-page-speed.md).
 *
 * The boot script is written into the page (allowed by its hash in the CSP, `bootScriptHash`; the HTTP shell finds it once for both):
 * fetched as a file, it was a request before the largest paint, which Lighthouse counts into LCP
 * (docs/decisions/0045-inline-boot-script.md). Without its code it is an async external script.
 * Without a built boot script (a development page) the template is left as it is.
 */
export function deferAppScripts(template: string, boot: BootScript | undefined): string {
  const modules = [...template.matchAll(moduleScript)].map((match) => match[1]!);
  if (modules.length === 0 || !boot) return template;
  const preloads = [...template.matchAll(modulePreload)].map((match) => match[1]!);
  const names =
    `${bootScriptAttributes.modules}="${modules.join(' ')}"` +
    ` ${bootScriptAttributes.preloads}="${preloads.join(' ')}"`;
  const bootScript =
    boot.source === undefined
      ? `<script src="${boot.path}" async ${names}></script>`
      : `<script ${names}>${boot.source}</script>`;
  const withoutScripts = template.replace(moduleScript, '').replace(modulePreload, '');
  return withoutScripts.replace('</head>', () => `  ${bootScript}\n  </head>`);
}

/** The CSP source that allows exactly this inline script: 'sha256-<base64 of its digest>'. */
export function inlineScriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
}

/**
 * The built boot script (src/web/boot.ts), found through the build's manifest: its address (it is
 * fingerprinted and served with the other assets) and its code. Undefined when the build has none.
 */
export function findBootScript(webDistDir: string): BootScript | undefined {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(join(webDistDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const boot = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.src === 'boot.ts');
  if (!boot) return undefined;
  let source: string | undefined;
  try {
    source = readFileSync(join(webDistDir, boot.file), 'utf8').trim();
  } catch {
    source = undefined;
  }
  // Text that would end the script element early (or change how it is parsed) stays external.
  if (source !== undefined && /<\/script|<!--/i.test(source)) source = undefined;
  return { path: `/${boot.file}`, ...(source === undefined ? {} : { source }) };
}

/** The CSP hash of a boot script written into pages, or undefined when it is not inline. */
export function bootScriptHash(boot: BootScript | undefined): string | undefined {
  return boot?.source === undefined ? undefined : inlineScriptHash(boot.source);
}
