import { runCommandLine, withCliDatabase } from '../kernel/command-line.js';
import { listMessagesByStatus, retryFailedMessages } from './outbox-store.js';
import { emlFolder } from './outbox-worker.js';

/**
 * Operating the outbox from a shell (docs/operating-the-relay.md):
 *   npm run outbox -- list [pending|sent|failed]   messages, newest first (default: failed)
 *   npm run outbox -- retry-failed [id ...]        failed messages back to the queue
 * It uses the same DATABASE_URL / SQLITE_FILE as the server.
 */
const usage = 'Usage: npm run outbox -- list [pending|sent|failed] | retry-failed [id ...]';

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'list' && command !== 'retry-failed') {
    console.error(usage);
    return 2;
  }
  return withCliDatabase(async ({ db, config }) => {
    if (command === 'list') {
      const status = rest[0] ?? 'failed';
      const rows = await listMessagesByStatus(db, status);
      if (rows.length === 0) console.log(`No ${status} messages.`);
      for (const row of rows) {
        console.log(
          `#${row.id} ${row.client_code} ${row.created_at} attempts=${row.attempts} "${row.subject}"${row.last_error ? `\n    last error: ${row.last_error}` : ''}`,
        );
      }
      if (!config.smtpUrl)
        console.log(`(No SMTP_URL: delivered messages are .eml files in ${emlFolder(config)})`);
      return 0;
    }
    const ids = rest.map(Number);
    if (ids.some((id) => !Number.isInteger(id) || id <= 0)) {
      console.error(`Message ids must be whole numbers. ${usage}`);
      return 2;
    }
    const count = await retryFailedMessages(db, ids.length ? ids : 'all');
    console.log(
      `${count} failed message${count === 1 ? '' : 's'} queued again; a running server delivers ${count === 1 ? 'it' : 'them'} within a few seconds.`,
    );
    return 0;
  });
}

runCommandLine('outbox', main);
