import { sql } from 'drizzle-orm';
import type { App } from '../app';
import type { Database, DatabaseHandle } from '../db/client';

/** The envelope code `POST /api/auth/me` answers for a bearer header: whether the session is alive. */
export const meCode = async (app: App, authorization: string) =>
  (await app.inject({ method: 'POST', url: '/api/auth/me', headers: { authorization } })).json()
    .code as number;

export const sessionIdOf = (authorization: string) =>
  JSON.parse(Buffer.from(authorization.split('.')[1]!, 'base64url').toString()).sid as string;

/** Waits until the database's change notifications flow, so sessions are kept in memory. */
export async function untilNotificationsLive(database: DatabaseHandle) {
  for (let waited = 0; !database.notifications.live; waited += 20) {
    if (waited > 5_000) throw new Error('change notifications did not start');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the instance notices that its change notifications stopped (the listening connection dropped). */
export async function untilNotificationsStop(database: DatabaseHandle) {
  for (let waited = 0; database.notifications.live; waited += 10) {
    if (waited > 5_000) throw new Error('the dropped connection went unnoticed');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs a write to `sessions` that no server instance hears of, as if a notification were lost. */
export async function withoutSessionNotices<T>(db: Database, run: () => Promise<T>): Promise<T> {
  await db.execute(sql`alter table sessions disable trigger sessions_change_notice`);
  try {
    return await run();
  } finally {
    await db.execute(sql`alter table sessions enable trigger sessions_change_notice`);
  }
}
