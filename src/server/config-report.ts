import {
  environmentProblems,
  environmentVariables,
  loadConfig,
  variableDefault,
  variableNames,
  type VariableName,
} from './config.js';
import type { EnvFileRead } from './env-file.js';

const masked = '****';

/** A value fit to print: a secret as ****, a URL with its password (or lone user) as ****. */
export function maskedValue(name: VariableName, value: string): string {
  const secret = environmentVariables[name].secret;
  if (secret === 'whole') return masked;
  if (secret === 'url') {
    try {
      const url = new URL(value);
      if (url.password) url.password = masked;
      else if (url.username) url.username = masked;
      return url.toString();
    } catch {
      return masked;
    }
  }
  return value;
}

/** A value as .env writes it: quoted when it holds spaces or anything else but a plain word. */
function envFileValue(value: string): string {
  return /^[\w.:/@,-]*$/.test(value) ? value : JSON.stringify(value);
}

/**
 * `.env.example`: every variable config.ts reads, its meaning and default, commented out. Made
 * from config.ts's table (`npm run env:example`); tests/integration/configuration.test.ts fails
 * when the file is not exactly this.
 */
export function envExampleText(): string {
  const lines = [
    '# Highstreet: every environment variable the server reads, with its default and meaning.',
    '# Generated from src/server/config.ts by `npm run env:example`: do not edit by hand.',
    '# Copy it to .env (read at start from the working directory) and set what you change;',
    '# a variable already set in the environment wins over the file.',
    '# `npm start -- --check-config` prints what the server would run with.',
  ];
  for (const name of variableNames) {
    const fallback = variableDefault(name);
    const { meaning, defaultText } = environmentVariables[name];
    lines.push('', `# ${meaning} (default: ${fallback ?? 'unset'})`);
    // The schema's own default as a value to start from; one in words is no value.
    const value = defaultText === undefined && fallback !== undefined ? envFileValue(fallback) : '';
    lines.push(`#${name}=${value}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `--check-config`: every variable with the value the server would use and where it came from
 * (the environment, .env, the default), secrets masked; then what they resolve to. `ok` false
 * with the reasons when the server would refuse to start on it.
 */
export function configurationReport(
  env: NodeJS.ProcessEnv,
  root: string,
  envFile: EnvFileRead,
): { ok: boolean; text: string } {
  const lines = [
    envFile.file
      ? `Configuration (environment, then ${envFile.file}; the environment wins):`
      : 'Configuration (environment; no .env file in this folder):',
  ];
  const width = Math.max(...variableNames.map((name) => name.length));
  for (const name of variableNames) {
    const value = env[name];
    const shown =
      value !== undefined
        ? `${maskedValue(name, value)}  (${envFile.fromFile.has(name) ? '.env' : 'environment'})`
        : `${variableDefault(name) ?? '(unset)'}  (default)`;
    lines.push(`  ${name.padEnd(width)}  ${shown}`);
  }
  const known = new Set<string>(variableNames);
  const unknown = envFile.names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    lines.push(`Not read by the server (misspelt?) in ${envFile.file}: ${unknown.join(', ')}`);
  }
  const problems = environmentProblems(env);
  if (problems.length > 0) {
    lines.push('The server would not start:', ...problems.map((problem) => `  - ${problem}`));
    return { ok: false, text: `${lines.join('\n')}\n` };
  }
  const config = loadConfig(env, root);
  const database =
    config.database.kind === 'postgres'
      ? `PostgreSQL ${maskedValue('DATABASE_URL', config.database.url)}`
      : `SQLite ${config.database.file}`;
  lines.push(
    'Resolved:',
    `  database         ${database}`,
    `  release step     ${config.migrateOnStart ? 'run at start' : 'npm run migrate before start'}`,
    `  trusted proxies  ${config.trustProxy === false ? 'none' : String(config.trustProxy)}`,
    `  client preview   ${config.clientPreview ? 'on' : 'off'}`,
    `  e-mail           ${config.smtpUrl ? maskedValue('SMTP_URL', config.smtpUrl) : `.eml files in ${config.dataDir}/outbox-eml`}`,
    `  shared state     ${config.redis ? maskedValue('REDIS_URL', config.redis.url) : 'this process'}`,
    `  metrics          ${config.metricsToken ? '/metrics with the bearer token' : 'off'}`,
    `  operator screen  ${config.operatorToken ? '/operator with the operator token' : 'off'}`,
    'The configuration is valid.',
  );
  return { ok: true, text: `${lines.join('\n')}\n` };
}
