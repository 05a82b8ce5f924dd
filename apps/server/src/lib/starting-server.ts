import { createServer } from 'node:http';
import { healthMessages } from '@dealer-hr/shared/health/rules';

/**
 * What answers on the port while the instance migrates its database (or waits for another instance to): the
 * process is live (`/api/live`), not ready, and every other request is told to come back, in the envelope.
 * Closed just before the app listens on the same port.
 */
export async function listenWhileStarting(port: number, host: string): Promise<{ close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const live = request.url === '/api/live';
    const body = live
      ? { code: 200, message: 'ok', data: null }
      : {
          code: 503,
          message: healthMessages.starting,
          data: request.url === '/api/ready' ? { ready: false, db: 'down' } : null,
        };
    response.writeHead(live ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '5',
      connection: 'close',
    });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
