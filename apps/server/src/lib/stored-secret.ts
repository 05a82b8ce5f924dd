import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSettings } from '../db/schema';

/**
 * The configured secret, or one generated on first start and kept in `app_settings` under `setting`, so an
 * embedded install works without setup and a restart keeps what the secret protects (sessions, sealed data).
 */
export async function configuredOrStoredSecret(
  db: Database,
  setting: string,
  configured: string | undefined,
  bytes: number,
): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSettings)
    .values({ key: setting, value: randomBytes(bytes).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, setting));
  if (typeof row?.value !== 'string') throw new Error(`${setting} is missing`);
  return new TextEncoder().encode(row.value);
}
