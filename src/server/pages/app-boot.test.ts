import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { bootScriptHash, deferAppScripts, findBootScript, inlineScriptHash } from './app-boot.js';

const built = `<!doctype html>
<html lang="en">
  <head>
    <title><!--app-title--></title>
    <script type="module" crossorigin src="/assets/index-AbC1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-XyZ2.js">
    <style>a{b:c}</style>
  </head>
  <body><div id="root"></div></body>
</html>`;

// What the boot script does with these (src/web/boot.ts) is tested in
// src/web/app/load-app-after-paint.test.ts.
describe('deferAppScripts', () => {
  it('takes the app scripts out of the head and writes the boot script, naming them, into it', () => {
    const template = deferAppScripts(built, { path: '/assets/boot-Q1w2.js', source: 'boot()' });
    expect(template).not.toContain('<script type="module"');
    expect(template).not.toContain('modulepreload');
    expect(template).toContain(
      '<script data-app-modules="/assets/index-AbC1.js" data-app-preloads="/assets/jsx-runtime-XyZ2.js">boot()</script>',
    );
    expect(template).not.toContain('/assets/boot-Q1w2.js');
  });

  it('writes boot code holding $ patterns word for word', () => {
    const source = "a.replace(/x/g, '$&$$'); b=\"$'$`\"";
    const template = deferAppScripts(built, { path: '/assets/boot-Q1w2.js', source });
    expect(template).toContain(`>${source}</script>`);
  });

  it('loads the boot script as an async file when its code cannot go into the page', () => {
    const template = deferAppScripts(built, { path: '/assets/boot-Q1w2.js' });
    expect(template).not.toContain('<script type="module"');
    expect(template).not.toContain('modulepreload');
    expect(template).toContain(
      '<script src="/assets/boot-Q1w2.js" async data-app-modules="/assets/index-AbC1.js" data-app-preloads="/assets/jsx-runtime-XyZ2.js"></script>',
    );
    expect(template).toContain('<style>a{b:c}</style>');
  });

  it('leaves a template without built scripts (the development page) as it is', () => {
    const dev = '<head><script type="module" src="./main.tsx"></script></head>';
    expect(deferAppScripts(dev, { path: '/assets/boot-Q1w2.js', source: 'x' })).toBe(dev);
  });

  it('leaves the scripts where they are when the build has no boot script', () => {
    expect(deferAppScripts(built, undefined)).toBe(built);
  });
});

describe('findBootScript', () => {
  it('finds the built boot script and its code in the Vite manifest, with the hash the CSP names', () => {
    const dist = mkdtempSync(join(tmpdir(), 'highstreet-boot-'));
    try {
      expect(findBootScript(dist)).toBeUndefined();
      expect(bootScriptHash(findBootScript(dist))).toBeUndefined();
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'assets', 'boot-Q1w2.js'), '(function(){boot()})();\n');
      mkdirSync(join(dist, '.vite'));
      writeFileSync(
        join(dist, '.vite', 'manifest.json'),
        JSON.stringify({
          'index.html': { file: 'assets/index-AbC1.js', src: 'index.html', isEntry: true },
          'boot.ts': { file: 'assets/boot-Q1w2.js', src: 'boot.ts', isEntry: true },
        }),
      );
      expect(findBootScript(dist)).toEqual({
        path: '/assets/boot-Q1w2.js',
        source: '(function(){boot()})();',
      });
      const digest = createHash('sha256').update('(function(){boot()})();').digest('base64');
      expect(bootScriptHash(findBootScript(dist))).toBe(`'sha256-${digest}'`);
      expect(inlineScriptHash('(function(){boot()})();')).toBe(`'sha256-${digest}'`);
      // Code that would end the element early is not written into pages.
      writeFileSync(join(dist, 'assets', 'boot-Q1w2.js'), 'x("</script>")');
      expect(findBootScript(dist)).toEqual({ path: '/assets/boot-Q1w2.js' });
      expect(bootScriptHash(findBootScript(dist))).toBeUndefined();
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
