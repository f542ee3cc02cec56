import {
  createConnection,
  createServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';

/**
 * A TCP proxy for fault tests: it forwards to a real server (PostgreSQL) and can freeze (accept
 * and hold every byte, like a hung server or a black-holed network) and thaw again. It knows the
 * local port of each connection it opened to the server, so a test can have PostgreSQL terminate
 * exactly this app's backends (pg_stat_activity.client_port) and no one else's.
 */
export interface TcpProxy {
  port: number;
  /** Hold all traffic, both ways, and new connections, until thaw(). */
  freeze: () => void;
  thaw: () => void;
  /** The local ports of the open connections to the server. */
  upstreamPorts: () => number[];
  close: () => Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | undefined;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let frozen = false;
  // What arrived while frozen, to be passed on at thaw, in order.
  let held: Array<() => void> = [];
  const forward = (to: () => Socket | undefined) => (chunk: Buffer) => {
    const send = () => to()?.write(chunk);
    if (frozen) held.push(send);
    else send();
  };

  const server: Server = createServer((client) => {
    const pair: Pair = { client, upstream: undefined };
    pairs.add(pair);
    const end = () => {
      client.destroy();
      pair.upstream?.destroy();
      pairs.delete(pair);
    };
    client.on(
      'data',
      forward(() => pair.upstream),
    );
    client.on('error', end);
    client.on('close', end);
    const connect = () => {
      const upstream = createConnection({ host: targetHost, port: targetPort });
      pair.upstream = upstream;
      upstream.on(
        'data',
        forward(() => client),
      );
      upstream.on('error', end);
      upstream.on('close', end);
    };
    if (frozen) held.push(connect);
    else connect();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      const release = held;
      held = [];
      for (const go of release) go();
    },
    upstreamPorts: () =>
      [...pairs].flatMap(({ upstream }) => (upstream?.localPort ? [upstream.localPort] : [])),
    close: async () => {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
