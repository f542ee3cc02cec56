import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from './scripts/vite-precompress.mjs';
import { webAliases } from './scripts/web-aliases.mjs';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompressAssets()],
  resolve: { alias: webAliases },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    // The bundle budget check (scripts/check-bundle-budget.mjs) reads the chunk graph from here.
    manifest: true,
    // One stylesheet for every screen: the prerendered HTML of a lazy screen is styled from the
    // first paint instead of shifting when its chunk's CSS arrives (docs/decisions/page-speed.md).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // zod/mini and the shared schemas with their messages, as one chunk that every form
              // shares. Left to itself the bundler puts a module shared by a screen and a chunk
              // it loads into the screen's chunk, so booking's stage-two form would import the
              // whole stage-one screen (docs/decisions/page-speed.md).
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]|src[\\/]common[\\/](booking|forms)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
