import { readEnvFile } from '../env-file.js';

/**
 * Runs a command-line entry point (npm run owner, npm run outbox): exits with its code, or prints
 * `name: message` and exits 1 when it throws.
 */
export function runCommandLine(name: string, main: (args: string[]) => Promise<number>): void {
  // The tools read the same .env as the server (env-file.ts): the same database, the same mail.
  readEnvFile();
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
