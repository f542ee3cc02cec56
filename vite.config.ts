import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from './scripts/vite-precompress.mjs';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompressAssets()],
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
  },
});
