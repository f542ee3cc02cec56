import { describeRetentionCounts } from '../../common/retention.js';
import { runCommandLine, withCliDatabase } from '../kernel/command-line.js';
import { readRetentionLastRun, retentionRunName, runRecordsRetention } from './retention-job.js';
import { listClientCodes, readLastRetentionRun } from './retention-store.js';

/**
 * The retention job from a shell (docs/operating.md, decision 0063):
 *   npm run retention -- run    tidy old records now (whatever the daily schedule), print counts
 *   npm run retention -- show   when it last ran, and what that run did for each client
 * Same DATABASE_URL / SQLITE_FILE as the server.
 */
const usage = 'Usage: npm run retention -- run | show';

async function main(args: string[]): Promise<number> {
  const [command] = args;
  if (args.length !== 1 || (command !== 'run' && command !== 'show')) {
    console.error(usage);
    return 2;
  }
  return withCliDatabase(async ({ db, config }) => {
    if (command === 'run') {
      const result = await runRecordsRetention(db, {
        sessionIdleMs: config.ownerSession.idleMs,
        force: true,
      });
      console.log(`Old records tidied: ${describeRetentionCounts(result.totals)}.`);
      for (const [code, counts] of result.byClient)
        console.log(`  ${code}: ${describeRetentionCounts(counts)}`);
      return 0;
    }
    const lastRunAt = await readLastRetentionRun(db, retentionRunName);
    if (!lastRunAt) {
      console.log('Old records have not been tidied yet.');
      return 0;
    }
    console.log(`Old records last tidied at ${lastRunAt}.`);
    for (const code of await listClientCodes(db)) {
      const run = await readRetentionLastRun(db, code);
      console.log(`  ${code}: ${describeRetentionCounts(run.counts)}`);
    }
    return 0;
  });
}

runCommandLine('retention', main);
