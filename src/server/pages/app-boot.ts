import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootScriptAttributes } from '../../common/boot-script.js';

const moduleScript =
  /<script type="module"(?: crossorigin)? src="(\/assets\/[^"]+\.js)"><\/script>\s*/g;
const modulePreload =
  /<link rel="modulepreload"(?: crossorigin)? href="(\/assets\/[^"]+\.js)">\s*/g;

/**
 * The page is prerendered: it paints, and shows its largest picture, without any script. So the
 * app's scripts are not left in the page's head, where the browser would fetch them beside the
 * picture and run them before the first paint. They go onto the boot script's tag instead: a
 * small async script built from src/web/boot.ts (external: the CSP allows no inline script) that
 * adds them once the page has loaded and had its first contentful paint, and until the app has
 * hydrated keeps the visitor's presses and form submits (docs/decisions/page-speed.md).
 * Without a built boot script (a development page) the template is left as it is.
 */
export function deferAppScripts(template: string, bootScriptPath: string | undefined): string {
  const modules = [...template.matchAll(moduleScript)].map((match) => match[1]!);
  if (modules.length === 0 || !bootScriptPath) return template;
  const preloads = [...template.matchAll(modulePreload)].map((match) => match[1]!);
  const bootScript =
    `<script src="${bootScriptPath}" async ${bootScriptAttributes.modules}="${modules.join(' ')}"` +
    ` ${bootScriptAttributes.preloads}="${preloads.join(' ')}"></script>`;
  const withoutScripts = template.replace(moduleScript, '').replace(modulePreload, '');
  return withoutScripts.replace('</head>', `  ${bootScript}\n  </head>`);
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
}

/**
 * The address of the built boot script (src/web/boot.ts), read from the build's manifest; it is
 * fingerprinted and served with the other assets. Undefined when the build has none.
 */
export function findBootScript(webDistDir: string): string | undefined {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(join(webDistDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const boot = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.src === 'boot.ts');
  return boot && `/${boot.file}`;
}
