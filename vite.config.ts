import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressAssets } from './scripts/vite-precompress.mjs';
import { webAliases } from './scripts/web-aliases.mjs';

const bootEntry = fileURLToPath(new URL('./src/web/boot.ts', import.meta.url));

/**
 * The boot script runs as a classic script (an async `<script src>`), so its chunk is wrapped in a
 * function: its names stay out of the page's global scope. A boot chunk that imported another
 * chunk would fail the build here, as `import` cannot stand inside a function.
 */
function bootScriptScope(): Plugin {
  return {
    name: 'highstreet:boot-script-scope',
    renderChunk(code, chunk) {
      if (chunk.facadeModuleId !== bootEntry) return null;
      return { code: `(() => {\n${code}\n})();\n`, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  plugins: [react(), precompressAssets(), bootScriptScope()],
  resolve: { alias: webAliases },
  // The prerender bundle carries its packages, React's production build among them: React picks
  // its build by NODE_ENV when it is first imported, so a server run without NODE_ENV=production
  // (`npm start` as the README gives it, the tests' servers under NODE_ENV=test) rendered every
  // page with the development build, with its checks, at about twice the CPU (decision 0089).
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    // The bundle budget check (scripts/check-bundle-budget.mjs) reads the chunk graph from here.
    manifest: true,
    // One stylesheet for every screen of the site: the prerendered HTML of a lazy screen is styled
    // from the first paint instead of shifting when its chunk's CSS arrives
    // (docs/decisions/0014-page-speed.md). The back office's styles are a file of their own
    // (src/web/manage/manage-styles.css, imported ?url; decision 0081).
    cssCodeSplit: false,
    rolldownOptions: {
      // The page, and the boot script that every built page loads (src/web/boot.ts): a classic
      // script of its own, which the server finds in the manifest (src/server/app-boot.ts).
      input: {
        index: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        boot: bootEntry,
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // zod/mini and the shared schemas with their messages, as one chunk that every form
              // shares. Left to itself the bundler puts a module shared by a screen and a chunk
              // it loads into the screen's chunk, so booking's stage-two form would import the
              // whole stage-one screen (docs/decisions/0014-page-speed.md).
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]|src[\\/]common[\\/]forms\.ts$/,
            },
            {
              // The booking schemas apart, for the same reason, so that checkout and the enquiry
              // forms do not download them.
              name: 'booking-schemas',
              test: /src[\\/]common[\\/]booking\.ts$/,
            },
          ],
        },
      },
    },
  },
}));
