import { runCommandLine, withCliDatabase } from '../kernel/command-line.js';
import { runClientCommand } from './client-commands.js';

/**
 * Onboarding a business from a shell (README, "Adding a client"; issue 38):
 *   npm run client -- add CODE --name … --host … --kind shop|salon|brochure | list | disable CODE
 * Same DATABASE_URL / SQLITE_FILE / THEMES_DIR as the server; running servers take the change in
 * within CLIENT_RELOAD_SECONDS (docs/decisions/0071-onboarding-a-business.md).
 */
function main(args: string[]): Promise<number> {
  return withCliDatabase(({ db, config }) =>
    runClientCommand(args, { db, config, print: (line) => console.log(line) }),
  );
}

runCommandLine('client', main);
