import { loadConfig } from '../config.js';
import { readSeed } from '../db/seed.js';
import { runCommandLine, withCliDatabase } from '../kernel/command-line.js';
import { republishSeedContent } from './content-store.js';

const usage = 'Usage: npm run content -- reseed CODE';

/**
 * The owner's content from a shell (README, "Adding a client"):
 *   npm run content -- reseed CODE
 * puts the seed record's texts, menu and pages back over what the owner published (the seed only
 * fills an empty database on start). Restart the server afterwards, or let the change signal
 * between instances carry it. Same DATABASE_URL / SQLITE_FILE / SEED_DIR as the server.
 */
async function main(args: string[]): Promise<number> {
  const [command, code] = args;
  if (command !== 'reseed' || !code) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const record = readSeed(config.seedDir).clients.find((c) => c.name === code.toUpperCase());
  if (!record)
    throw new Error(`There is no seed record for "${code}" in ${config.seedDir}/clients.`);
  return withCliDatabase(async ({ db }) => {
    const version = await republishSeedContent(db, record);
    console.log(
      `${record.name}: the seed's content is published as version ${version}. Restart the server to serve it.`,
    );
    return 0;
  });
}

runCommandLine('content', main);
