import { eq } from 'drizzle-orm';
import { userRoles, users } from '../db/schema';
import type { TestApp } from './app';

/** How many malformed requests the fuzz test sends per operation, and from which seed (to repeat a run). */
export function fuzzSettings() {
  return {
    perOperation: Number(process.env.FUZZ_PER_OPERATION ?? 30),
    seed: Number(process.env.FUZZ_SEED ?? 20261124),
  };
}

/**
 * Puts the administrator's account back as it was (password, status, roles): a fuzzed request may reset its
 * password, freeze it or take its roles, and the requests after it must still reach past authentication.
 */
export async function administratorRestorer(t: TestApp) {
  const [admin] = await t.db.select().from(users).where(eq(users.username, 'admin'));
  if (!admin) throw new Error('no admin account');
  const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, admin.id));
  return async () => {
    await t.db
      .update(users)
      .set({ passwordHash: admin.passwordHash, status: 'active', deletedAt: null })
      .where(eq(users.id, admin.id));
    await t.db.insert(userRoles).values(roles).onConflictDoNothing();
  };
}
