import { pino, type Logger } from 'pino';
import type { ServerConfig } from './config.js';

/**
 * The server's log. In production, JSON lines written asynchronously: pino's destination with
 * `sync: false` gathers the lines logged while a write is under way and writes them in one go, so
 * request logging costs a few per cent instead of half the throughput (docs/decisions/logging.md).
 * Lines still in memory are flushed when the process exits. `npm run dev` asks for readable
 * lines (pino-pretty, a devDependency, in a worker thread); undefined means no log at all.
 */
export function createLogger(
  config: Pick<ServerConfig, 'logLevel'>,
  { pretty = false }: { pretty?: boolean } = {},
): Logger | undefined {
  if (config.logLevel === 'silent') return undefined;
  if (pretty) {
    return pino({
      level: config.logLevel,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
      },
    });
  }
  return pino(
    { level: config.logLevel },
    pino.destination({ dest: 1, sync: false, minLength: 12 * 1024, periodicFlush: 250 }),
  );
}
