import type { Plugin } from 'vite';
/** Writes .br and .gz beside every compressible built asset (see vite-precompress.mjs). */
export declare function precompressAssets(): Plugin;
