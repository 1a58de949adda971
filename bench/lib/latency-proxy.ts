/**
 * A TCP relay that holds every chunk for half of `rttMs` in each direction: a database on
 * loopback made to answer like one across a network (datasource.bench.ts, LATENCY_MS). Chunks keep
 * their order (timers of one delay fire in the order they were set).
 */
import { connect, createServer, type Socket } from 'node:net';

export interface LatencyProxy {
  port: number;
  close(): Promise<void>;
}

export async function startLatencyProxy(
  target: { host: string; port: number },
  rttMs: number,
): Promise<LatencyProxy> {
  const half = rttMs / 2;
  const sockets = new Set<Socket>();
  const relay = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => setTimeout(() => to.write(chunk), half));
    from.on('end', () => setTimeout(() => to.end(), half));
    from.on('error', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
