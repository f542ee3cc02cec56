import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(js|mjs|css|svg|json|vtt|html|txt)$/;

/**
 * Writes .br and .gz beside every compressible asset at build time, so the server's static
 * handler (preCompressed) sends them without compressing per request (docs/decisions/0014-page-speed.md).
 * @returns {import('vite').Plugin}
 */
export function precompressAssets() {
  let serverBuild = false;
  return {
    name: 'highstreet-precompress',
    apply: 'build',
    configResolved(config) {
      // The prerender bundle is read by the server from disk, never sent to browsers.
      serverBuild = Boolean(config.build.ssr);
    },
    writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir || serverBuild) return;
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.startsWith('assets/') || !compressible.test(fileName)) continue;
        const path = join(outDir, fileName);
        const content = readFileSync(path);
        const brotli = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
        });
        const gzip = gzipSync(content, { level: 9 });
        if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
        if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
      }
    },
  };
}
