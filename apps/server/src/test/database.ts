import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** How the global setup prepared the database every test file clones. */
export type TestDatabaseInfo =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; serverUrl: string; template: string; prefix: string };

export function urlForDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export const uniqueSuffix = () => `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
