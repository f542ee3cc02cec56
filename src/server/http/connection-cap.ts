import type { Server, Socket } from 'node:net';

/**
 * At most `max` open connections from one address (issue 30, item 19): one address opening
 * thousands of idle sockets would use up the process's descriptors for everyone. A connection
 * over the cap is closed at once. Behind a proxy every connection comes from the proxy, which
 * caps per visitor itself (nginx `limit_conn`), so `exempt` addresses are not counted.
 */
export function capConnectionsPerAddress(
  server: Server,
  max: number,
  exempt: (address: string) => boolean = () => false,
): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || exempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
