import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

export interface EnvFileRead {
  /** The file read, or undefined when there is none. */
  file: string | undefined;
  /** The variables the file set (those the environment did not already have). */
  fromFile: ReadonlySet<string>;
  /** Every name the file lists, set or not. */
  names: readonly string[];
}

/**
 * Reads `.env` from the working directory into the environment when there is one
 * (docs/decisions/0061-operable.md). What the environment already has wins over the file, as with
 * Node's `--env-file`: a value set for one run (`PORT=3001 npm start`) or by the service manager
 * is never overridden by a file left beside the code. The syntax is Node's own (util.parseEnv, the
 * parser of process.loadEnvFile); reading it here rather than through process.loadEnvFile tells
 * `--check-config` which values came from the file.
 */
export function readEnvFile(
  env: NodeJS.ProcessEnv = process.env,
  file: string = resolve(process.cwd(), '.env'),
): EnvFileRead {
  if (!existsSync(file)) return { file: undefined, fromFile: new Set(), names: [] };
  const parsed = parseEnv(readFileSync(file, 'utf8'));
  const fromFile = new Set<string>();
  for (const [name, value] of Object.entries(parsed)) {
    if (env[name] !== undefined || value === undefined) continue;
    env[name] = value;
    fromFile.add(name);
  }
  return { file, fromFile, names: Object.keys(parsed) };
}
