import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envExampleText, maskedValue } from '../../src/server/config-report.js';
import { variableNames } from '../../src/server/config.js';
import { readEnvFile } from '../../src/server/env-file.js';
import { compiledEntry } from '../support/compiled-server.js';
import { repoRoot } from '../support/test-app.js';

const run = promisify(execFile);

/** Issue 38: .env read at start, .env.example made from config.ts, --check-config. */
describe('.env.example', () => {
  it('is what config.ts describes (npm run env:example writes it)', () => {
    expect(readFileSync(join(repoRoot, '.env.example'), 'utf8')).toBe(envExampleText());
  });

  it('lists every variable config.ts reads, and so does the README', () => {
    const example = readFileSync(join(repoRoot, '.env.example'), 'utf8');
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const readmeRows = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]));
    expect(variableNames.length).toBeGreaterThan(40);
    for (const name of variableNames) {
      expect(example).toMatch(new RegExp(`^#${name}=`, 'm'));
      expect(readmeRows, `README's configuration table lists ${name}`).toContain(name);
    }
  });
});

describe('the .env file', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'highstreet-env-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('fills what the environment does not set; what it sets wins', () => {
    const file = join(folder, '.env');
    writeFileSync(
      file,
      '# a comment\nPORT=4000\nLOG_LEVEL=warn\nMAIL_FROM="Shop <shop@example.com>"\n',
    );
    const env: NodeJS.ProcessEnv = { PORT: '3001' };
    const read = readEnvFile(env, file);
    expect(env).toEqual({ PORT: '3001', LOG_LEVEL: 'warn', MAIL_FROM: 'Shop <shop@example.com>' });
    expect([...read.fromFile].sort()).toEqual(['LOG_LEVEL', 'MAIL_FROM']);
    expect([...read.names].sort()).toEqual(['LOG_LEVEL', 'MAIL_FROM', 'PORT']);
  });

  it('is optional', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(readEnvFile(env, join(folder, 'none.env')).file).toBeUndefined();
    expect(env).toEqual({});
  });
});

describe('masking secrets', () => {
  it('hides tokens whole and only the credentials of URLs', () => {
    expect(maskedValue('METRICS_TOKEN', 'abcdefabcdefabcdef')).toBe('****');
    expect(maskedValue('DATABASE_URL', 'postgres://shop:s3cret@db:5432/highstreet')).toBe(
      'postgres://shop:****@db:5432/highstreet',
    );
    expect(maskedValue('REDIS_URL', 'redis://:s3cret@cache:6379/0')).toBe(
      'redis://:****@cache:6379/0',
    );
    expect(maskedValue('SMTP_URL', 'not a url s3cret')).toBe('****');
    expect(maskedValue('PORT', '3000')).toBe('3000');
  });
});

describe('npm start -- --check-config (the compiled server)', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'highstreet-check-config-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** node dist/server/main.js --check-config in `folder`, with only these variables set. */
  const checkConfig = (env: Record<string, string>) =>
    run(process.execPath, [compiledEntry('main'), '--check-config'], {
      cwd: folder,
      env: { PATH: process.env.PATH, ...env },
      timeout: 20_000,
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );

  // Node 22.1 and later: main.js turns on V8's compile cache, in the system's temporary folder
  // unless NODE_COMPILE_CACHE says (here TMPDIR points at the test's folder, and that variable is
  // not set, or Node would turn the cache on by itself).
  it.runIf(
    typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function',
  )('keeps the compiled code of a start for the next one (Node 22 and later)', async () => {
    const temporary = join(folder, 'tmp');
    const { code } = await checkConfig({
      TMPDIR: temporary,
      FORM_TOKEN_SECRET: 'form-secret-0123456789',
    });
    expect(code).toBe(0);
    const cache = join(temporary, 'node-compile-cache');
    expect(existsSync(cache) && readdirSync(cache, { recursive: true }).length > 0).toBe(true);
  });

  it('prints every variable, where it came from, secrets masked, and starts nothing', async () => {
    writeFileSync(
      join(folder, '.env'),
      [
        'DATABASE_URL=postgres://shop:db-password-123@db.internal:5432/highstreet',
        'METRICS_TOKEN=metrics-token-0123456789abcdef',
        'PORT=4000',
        'METRIC_TOKEN=misspelt',
      ].join('\n'),
    );
    const started = Date.now();
    const { code, stdout } = await checkConfig({
      PORT: '3999',
      FORM_TOKEN_SECRET: 'form-secret-0123456789',
      SMTP_URL: 'smtp://mailer:smtp-password-456@smtp.example.com:587',
    });
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    for (const secret of [
      'db-password-123',
      'metrics-token-0123',
      'form-secret',
      'smtp-password',
    ]) {
      expect(stdout).not.toContain(secret);
    }
    expect(stdout).toMatch(
      /DATABASE_URL +postgres:\/\/shop:\*\*\*\*@db\.internal:5432\/highstreet {2}\(\.env\)/,
    );
    expect(stdout).toMatch(/METRICS_TOKEN +\*\*\*\* {2}\(\.env\)/);
    expect(stdout).toMatch(/PORT +3999 {2}\(environment\)/);
    expect(stdout).toMatch(/FORM_TOKEN_SECRET +\*\*\*\* {2}\(environment\)/);
    expect(stdout).toMatch(/LOG_LEVEL +info {2}\(default\)/);
    for (const name of variableNames) expect(stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(stdout).toContain('METRIC_TOKEN');
    expect(stdout).toContain('The configuration is valid.');
  });

  it('exits 1 with the reasons for a configuration the server would refuse', async () => {
    writeFileSync(join(folder, '.env'), 'METRICS_TOKEN=short\n');
    const { code, stdout } = await checkConfig({ PORT: 'eighty', TRUST_PROXY: 'on' });
    expect(code).toBe(1);
    expect(stdout).toContain('The server would not start:');
    expect(stdout).toMatch(/- PORT: /);
    expect(stdout).toMatch(/- METRICS_TOKEN: at least 16 characters/);
    expect(stdout).not.toContain('short');
  });
});
