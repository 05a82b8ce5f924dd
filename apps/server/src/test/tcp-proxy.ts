import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP pass-through to a database server that a test can cut and restore: the database, as one instance
 * sees it, goes away (every connection reset, new ones refused) and comes back on the same address.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        port = typeof address === 'object' && address ? address.port : port;
        server = next;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** The database goes away: open connections are reset and new ones refused. */
    async cut() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.resetAndDestroy();
      await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
    restore: listen,
    close() {
      return this.cut();
    },
  };
}
