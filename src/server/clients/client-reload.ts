import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../kernel/app-deps.js';
import { syncClientRegistry } from './client-registry-store.js';

/**
 * "Nothing to restart" (issue 38): every CLIENT_RELOAD_SECONDS each instance reads the clients
 * table's codes and versions and takes in a client added, disabled or enabled by
 * `npm run client` (another process), then signals the change so its pages and lists are
 * rendered again. A poll rather than the change channel: with SQLite there is no channel, and a
 * command-line tool would have to join it (docs/decisions/0071-onboarding-a-business.md).
 */
export function attachClientReload(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'registry' | 'changes' | 'config'>,
): void {
  const periodMs = deps.config.clientReloadMs;
  if (periodMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const sync = () => {
    if (running) return;
    running = true;
    syncClientRegistry(deps.db, deps.registry)
      .then((changed) => {
        for (const code of changed) {
          app.log.info({ client: code }, 'client record reloaded');
          deps.changes.clientChanged(code);
        }
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'client records not reloaded'))
      .finally(() => {
        running = false;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sync, periodMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
