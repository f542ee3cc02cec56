import { pino, type Logger } from 'pino';
import type { ServerConfig } from './config.js';
import { createBatchedLogDestination } from './batched-log-destination.js';
import { createDescriptorWriter } from './descriptor-writer.js';

/**
 * The server's log. In production, JSON lines gathered in memory and written about 12 KB at a
 * time, one system call for some hundred lines, so request logging costs a few per cent instead
 * of half the throughput (docs/decisions/0022-logging.md). Lines still in memory are written when the
 * process exits. `npm run dev` asks for readable lines (pino-pretty, a devDependency, in a
 * worker thread); undefined means no log at all.
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
  return pino({ level: config.logLevel }, standardOutputInBatches());
}

function standardOutputInBatches() {
  const destination = createBatchedLogDestination(
    createDescriptorWriter(1, {
      onError: (error) => process.stderr.write(`The log could not be written: ${error.message}\n`),
    }),
  );
  // Whatever is still gathered is written before the process ends, however it ends.
  process.on('exit', () => destination.flushSync());
  return destination;
}
