import { describe, expect, it } from 'vitest';
import { createDataChanges } from '../kernel/data-changes.js';
import {
  decodeChange,
  encodeChange,
  shareDataChanges,
  type ChangeChannel,
  type ChannelHandlers,
} from './change-channel.js';

/** A channel in memory joining instances in one process, as Redis or PostgreSQL would. */
function memoryBus() {
  const listeners = new Set<ChannelHandlers>();
  const channel = (): ChangeChannel & { handlers?: ChannelHandlers } => {
    const self: ChangeChannel & { handlers?: ChannelHandlers } = {
      kind: 'memory',
      listen(handlers) {
        self.handlers = handlers;
        listeners.add(handlers);
        return Promise.resolve();
      },
      publish(message) {
        for (const listener of listeners) listener.onMessage(message);
        return Promise.resolve();
      },
      close() {
        if (self.handlers) listeners.delete(self.handlers);
        return Promise.resolve();
      },
    };
    return self;
  };
  return { channel };
}

describe('change messages', () => {
  it('round-trip, and anything else on the channel is ignored', () => {
    expect(decodeChange(encodeChange({ instance: 'a1', clientCode: 'SE' }))).toEqual({
      instance: 'a1',
      clientCode: 'SE',
    });
    for (const text of ['', 'SE', '{}', '{"i":1,"c":"SE"}', '{"i":"a","c":""}', 'null']) {
      expect(decodeChange(text)).toBeUndefined();
    }
  });
});

describe('shareDataChanges', () => {
  const codes = ['SE', 'JS', 'RRB'];

  it('applies a change here at once and on the other instance, never twice on its own', async () => {
    const bus = memoryBus();
    const localA = createDataChanges();
    const localB = createDataChanges();
    const a = shareDataChanges({
      local: localA,
      channel: bus.channel(),
      allClientCodes: () => codes,
      warn: () => undefined,
    });
    const b = shareDataChanges({
      local: localB,
      channel: bus.channel(),
      allClientCodes: () => codes,
      warn: () => undefined,
    });
    await a.start();
    await b.start();
    const heardOnB: string[] = [];
    b.onChange((code) => heardOnB.push(code));
    a.clientChanged('SE');
    expect(localA.version('SE')).toBe(1);
    expect(b.version('SE')).toBe(1);
    expect(b.version('JS')).toBe(0);
    expect(heardOnB).toEqual(['SE']);
  });

  it('after a reconnect every client counts as changed, here and on the others', async () => {
    const bus = memoryBus();
    const channelA = bus.channel();
    const a = shareDataChanges({
      local: createDataChanges(),
      channel: channelA,
      allClientCodes: () => codes,
      warn: () => undefined,
    });
    const b = shareDataChanges({
      local: createDataChanges(),
      channel: bus.channel(),
      allClientCodes: () => codes,
      warn: () => undefined,
    });
    await a.start();
    await b.start();
    channelA.handlers!.onReconnected();
    expect(codes.map((code) => a.version(code))).toEqual([1, 1, 1]);
    expect(codes.map((code) => b.version(code))).toEqual([1, 1, 1]);
  });

  it('a change that could not be sent is followed by "every client" once sending works', async () => {
    const warnings: string[] = [];
    const sent: string[] = [];
    let failing = 3;
    const flaky: ChangeChannel = {
      kind: 'flaky',
      listen: () => Promise.resolve(),
      publish: (message) => {
        if (failing > 0) {
          failing -= 1;
          return Promise.reject(new Error('connection refused'));
        }
        sent.push(message);
        return Promise.resolve();
      },
      close: () => Promise.resolve(),
    };
    const changes = shareDataChanges({
      local: createDataChanges(),
      channel: flaky,
      allClientCodes: () => codes,
      warn: (m) => warnings.push(m),
      instanceId: 'here',
      retryMs: 5,
    });
    changes.clientChanged('SE');
    changes.clientChanged('SE');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Applied here at once; one warning; then, once sending works, one "every client".
    expect(changes.version('SE')).toBe(2);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/connection refused/);
    expect(sent).toEqual([encodeChange({ instance: 'here', clientCode: '*' })]);
    await changes.close();
  });
});
