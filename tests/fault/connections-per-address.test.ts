import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 30, probe 19: one address could open as many connections as it liked (each held a
 * descriptor until the idle time-out). CONNECTIONS_PER_ADDRESS caps them; over it a connection is
 * closed at once, and a place freed is usable again. Raw sockets, SQLite only.
 */
describe('open connections per address', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { CONNECTIONS_PER_ADDRESS: '5' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  /** Opens a socket and tells, within a second, whether the server keeps it open. */
  const open = () =>
    new Promise<{ socket: Socket; kept: boolean }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      const timer = setTimeout(() => resolve({ socket, kept: true }), 1000);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve({ socket, kept: false });
      });
      socket.on('error', () => undefined);
    });

  it('keeps five connections of one address, closes the sixth, and takes one once a place is free', async () => {
    const first = await Promise.all(Array.from({ length: 5 }, open));
    expect(first.map((c) => c.kept)).toEqual([true, true, true, true, true]);
    const sixth = await open();
    expect(sixth.kept).toBe(false);
    first[0]!.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await open();
    expect(again.kept).toBe(true);
    for (const c of [...first, again]) c.socket.destroy();
  });
});
