import { randomBytes } from 'node:crypto';
import type { ChangeScope, DataChanges } from '../kernel/data-changes.js';

/**
 * A channel every instance hears: Redis pub/sub or PostgreSQL LISTEN/NOTIFY
 * (docs/decisions/0042-shared-state-across-instances.md). Messages are short strings.
 */
export interface ChangeChannel {
  /** `redis` or `postgres`, for the log and readiness. */
  readonly kind: string;
  /** Starts listening; resolves once subscribed, or after a time-out (it keeps trying). */
  listen(handlers: ChannelHandlers): Promise<void>;
  /** Sends to every instance, this one included. Rejects when the message could not be sent. */
  publish(message: string): Promise<void>;
  close(): Promise<void>;
}

export interface ChannelHandlers {
  onMessage(message: string): void;
  /** The channel was lost and is back: messages sent meanwhile were missed. */
  onReconnected(): void;
}

/** "Every client": sent after a reconnect, when changes may have been missed. */
const everyClient = '*';

export interface ChangeMessage {
  /** The instance that made the change; it ignores its own messages. */
  instance: string;
  /** The client whose data changed, or `*` for every client. */
  clientCode: string;
  /** Only the bookings changed (absent: anything may have). */
  scope?: ChangeScope;
}

export function encodeChange(message: ChangeMessage): string {
  return JSON.stringify({
    i: message.instance,
    c: message.clientCode,
    ...(message.scope === 'bookings' ? { s: 'b' } : {}),
  });
}

/** The message, or undefined for anything that is not one (another program on the channel). */
export function decodeChange(text: string): ChangeMessage | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { i, c, s } = value as { i?: unknown; c?: unknown; s?: unknown };
    if (typeof i !== 'string' || typeof c !== 'string' || c.length === 0 || c.length > 64) {
      return undefined;
    }
    return { instance: i, clientCode: c, ...(s === 'b' ? { scope: 'bookings' as const } : {}) };
  } catch {
    return undefined;
  }
}

export function newInstanceId(): string {
  return randomBytes(8).toString('hex');
}

export interface SharedChangesOptions {
  /** This instance's own signal: caches listen to it. */
  local: DataChanges;
  channel: ChangeChannel;
  /** Every client's code: what "everything changed" drops (after a reconnect). */
  allClientCodes: () => Iterable<string>;
  instanceId?: string;
  warn: (message: string) => void;
  /** How soon an owed "every client" message is sent again after a failed send. */
  retryMs?: number;
}

export interface SharedChanges extends DataChanges {
  /** Subscribes; resolves once this instance hears the others (or start-up stops waiting). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * DataChanges fed between instances: a change here is applied here at once and sent; a change
 * heard from another instance is applied here as if made here. After the channel comes back
 * from an outage every client counts as changed (here, and sent to the others), because changes
 * made meanwhile were not heard. Callers and caches see the same DataChanges as before.
 */
export function shareDataChanges(options: SharedChangesOptions): SharedChanges {
  const { local, channel, warn } = options;
  const instance = options.instanceId ?? newInstanceId();
  const retryMs = options.retryMs ?? 1000;
  let lastWarning = 0;
  // Owed: a change here may not have reached the others (a send failed, or the channel was
  // down). Settled by sending "every client" as soon as a send gets through again.
  let owed = false;
  let settling = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const settle = () => {
    if (!owed || settling || closed) return;
    settling = true;
    channel.publish(encodeChange({ instance, clientCode: everyClient })).then(
      () => {
        settling = false;
        owed = false;
      },
      () => {
        settling = false;
        retryTimer = setTimeout(settle, retryMs);
        retryTimer.unref();
      },
    );
  };
  const send = (clientCode: string, scope: ChangeScope) => {
    channel.publish(encodeChange({ instance, clientCode, scope })).catch((error: unknown) => {
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now();
        warn(
          `A change could not be sent to the other instances (${channel.kind}): ${String(error)}; they will drop every cache when it can be`,
        );
      }
      owed = true;
      settle();
    });
  };
  const everythingChanged = () => {
    for (const code of options.allClientCodes()) local.clientChanged(code);
  };
  return {
    clientChanged(clientCode, scope = 'everything') {
      local.clientChanged(clientCode, scope);
      send(clientCode, scope);
    },
    version: (clientCode) => local.version(clientCode),
    contentVersion: (clientCode) => local.contentVersion(clientCode),
    onChange: (listener) => local.onChange(listener),
    start: () =>
      channel.listen({
        onMessage(text) {
          const message = decodeChange(text);
          if (!message || message.instance === instance) return;
          if (message.clientCode === everyClient) everythingChanged();
          else local.clientChanged(message.clientCode, message.scope);
        },
        onReconnected() {
          everythingChanged();
          // Changes made here while the channel was down may be among those the others missed.
          owed = true;
          settle();
        },
      }),
    close: () => {
      closed = true;
      clearTimeout(retryTimer);
      return channel.close();
    },
  };
}
