import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverEntryPoints, serverRuntimeFiles } from './build-server.mjs';

const repoRoot = resolve(import.meta.dirname, '..');

function serverSources(dir = join(repoRoot, 'src/server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every `join(import.meta.dirname, 'NAME')` in the server's code: files read beside the code. */
function filesReadBesideTheCode(): string[] {
  const pattern = /join\(\s*import\.meta\.dirname\s*,\s*['"]([^'"]+)['"]\s*\)/g;
  return serverSources().flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(pattern)].map((match) =>
      relative(repoRoot, join(file, '..', match[1] ?? '')),
    ),
  );
}

describe('the compiled server', () => {
  let outdir: string;
  beforeAll(async () => {
    outdir = mkdtempSync(join(tmpdir(), 'highstreet-server-build-'));
    await buildServer(outdir);
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('lists every file the server reads beside its code as a run-time file', () => {
    const read = filesReadBesideTheCode();
    expect(read).toContain('src/server/owners/common-passwords.txt');
    for (const file of read) expect(serverRuntimeFiles, file).toContain(file);
  });

  it('carries every run-time file and every entry point in the build output', () => {
    for (const file of serverRuntimeFiles)
      expect(existsSync(join(outdir, basename(file))), basename(file)).toBe(true);
    for (const name of Object.keys(serverEntryPoints))
      expect(existsSync(join(outdir, `${name}.js`)), `${name}.js`).toBe(true);
  });

  it('imports no devDependency from any compiled entry point', () => {
    const { devDependencies } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    const dev = Object.keys(devDependencies as Record<string, string>);
    // pino-pretty is a transport target named as a string for `npm run dev` only, never imported.
    const importPattern =
      /(?:^|\n)\s*import\b[^'"]*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
    for (const name of Object.keys(serverEntryPoints)) {
      const code = readFileSync(join(outdir, `${name}.js`), 'utf8');
      const imported = [...code.matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? '');
      const packages = imported.map((s) =>
        s
          .split('/')
          .slice(0, s.startsWith('@') ? 2 : 1)
          .join('/'),
      );
      for (const pkg of packages) expect(dev, `${name}.js imports ${pkg}`).not.toContain(pkg);
    }
  });
});
