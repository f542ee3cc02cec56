import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

interface LazyChild {
  parent: FastifyBaseLogger;
  bindings: Bindings;
  options: ChildLoggerOptions | undefined;
  made: FastifyBaseLogger | undefined;
}

function real(lazy: LazyChild): FastifyBaseLogger {
  return (lazy.made ??= lazy.parent.child(lazy.bindings, lazy.options));
}

type LogArgs = Parameters<FastifyBaseLogger['info']>;

/** Shared by every request's logger: one small object per request, no closures. */
const lazyChildMethods = {
  child(this: LazyChild, bindings: Bindings, options?: ChildLoggerOptions) {
    return real(this).child(bindings, options);
  },
  fatal(this: LazyChild, ...args: LogArgs) {
    real(this).fatal(...args);
  },
  error(this: LazyChild, ...args: LogArgs) {
    real(this).error(...args);
  },
  warn(this: LazyChild, ...args: LogArgs) {
    real(this).warn(...args);
  },
  info(this: LazyChild, ...args: LogArgs) {
    real(this).info(...args);
  },
  debug(this: LazyChild, ...args: LogArgs) {
    real(this).debug(...args);
  },
  trace(this: LazyChild, ...args: LogArgs) {
    real(this).trace(...args);
  },
  silent() {},
};

Object.defineProperty(lazyChildMethods, 'level', {
  get(this: LazyChild) {
    return (this.made ?? this.parent).level;
  },
  set(this: LazyChild, level: string) {
    real(this).level = level;
  },
});

/**
 * A request's logger that becomes pino's child (with the request id) only when a line is
 * logged through it. Most requests log nothing but their access line, which the server writes
 * itself, so the child pino would make for each of them is work thrown away.
 */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options?: ChildLoggerOptions,
): FastifyBaseLogger {
  const lazy: LazyChild = Object.create(lazyChildMethods);
  lazy.parent = parent;
  lazy.bindings = bindings;
  lazy.options = options;
  lazy.made = undefined;
  return lazy as unknown as FastifyBaseLogger;
}
