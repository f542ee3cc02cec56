import { loadConfig } from './config.js';
import { runCommandLine } from './kernel/command-line.js';
import { runReleaseStepOn } from './db/release-step.js';
import { drawSeedPlaceholders } from './media/seed-pictures.js';
import { readSeed } from './db/seed.js';

const usage = `Usage: npm run migrate [-- --skip-pictures]
  The release step: brings the database (DATABASE_URL, or the SQLite file) up to date, applies
  the seed under seed/ (SEED_DIR), and draws the placeholder pictures that are missing under
  DATA_DIR/media, each in its widths and formats. Safe to run twice at once; run it before starting or restarting the servers.`;

/** `npm run migrate` (docs/decisions/0036-release-step.md, docs/operating.md). */
async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.some((a) => a !== '--skip-pictures')) {
    console.log(usage);
    return args.includes('--help') ? 0 : 2;
  }
  const config = loadConfig();
  const started = performance.now();
  const release = await runReleaseStepOn(config, config.database, { alwaysSeed: true });
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    release.migrated.length > 0
      ? `Applied ${release.migrated.length} migration(s): ${release.migrated.join(', ')}`
      : 'The schema was up to date.',
  );
  const seed = release.seed ?? readSeed(config.seedDir);
  console.log(
    `Applied the seed: ${seed.clients.length} client(s), ${seed.products.length} product(s) (${seconds()} s).`,
  );
  if (!args.includes('--skip-pictures')) {
    // Every picture's widths × formats too: a release step may take its time, a visitor not.
    const drawn = await drawSeedPlaceholders(config.mediaDir, seed, release.fingerprint, {
      sets: true,
    });
    console.log(
      `Placeholder pictures and their sets: ${drawn} made under ${config.mediaDir} (${seconds()} s).`,
    );
  }
  return 0;
}

runCommandLine('migrate', main);
