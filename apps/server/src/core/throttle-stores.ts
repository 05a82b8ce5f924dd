import { and, eq, inArray, lt, lte } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client';
import { loginThrottle } from '../db/schema';
import { serviceUnavailable } from '../lib/errors';
import {
  DEFAULT_LIMITS,
  keepMsOf,
  type ThrottleEntry,
  type ThrottleLimits,
  type ThrottleStore,
} from '../lib/login-throttle';

const entryOf = (row: typeof loginThrottle.$inferSelect | undefined): ThrottleEntry | undefined =>
  row && {
    failures: row.failures,
    lastFailureAt: row.lastFailureAt,
    lockedUntil: row.lockedUntil,
    locks: row.locks,
  };

/** The throttle's entries in the database every instance shares; a row lock orders concurrent failures. */
export function databaseThrottleStore(db: Database): ThrottleStore {
  const ofKey = (key: string) => eq(loginThrottle.key, key);
  return {
    async read(keys) {
      const rows = await db
        .select()
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, [...keys]));
      const byKey = new Map(rows.map((row) => [row.key, row]));
      return keys.map((key) => entryOf(byKey.get(key)));
    },
    update: (key, change) =>
      db.transaction(async (tx) => {
        // A row to lock first (an empty one reads as stale): two instances counting a key's first failure
        // must not both insert it and lose one.
        await tx.insert(loginThrottle).values({ key }).onConflictDoNothing();
        const [row] = await tx.select().from(loginThrottle).where(ofKey(key)).for('update');
        const next = change(entryOf(row));
        if (next) await tx.update(loginThrottle).set(next).where(ofKey(key));
        else await tx.delete(loginThrottle).where(ofKey(key));
      }),
    remove: async (key) => void (await db.delete(loginThrottle).where(ofKey(key))),
    prune: async (now, limits) =>
      void (await db
        .delete(loginThrottle)
        .where(
          and(lte(loginThrottle.lockedUntil, now), lt(loginThrottle.lastFailureAt, now - limits.windowMs)),
        )),
  };
}

const PREFIX = 'dealer-hr:login-throttle:';
const MAX_TRIES = 20;

/**
 * The throttle's entries in Redis (REDIS_URL), each expiring when its lock and window have passed. An update
 * is WATCH / GET / MULTI SET / EXEC, retried when another instance changed the key meanwhile; WATCH belongs
 * to a connection, so this instance's updates take turns on a connection of their own.
 */
export function redisThrottleStore(redis: Redis, limits: ThrottleLimits = DEFAULT_LIMITS): ThrottleStore {
  const updates = redis.duplicate();
  updates.on('error', () => {});
  // Duplicated unconnected (lazyConnect): connected on the first update.
  let connected: Promise<void> | undefined;
  let turn: Promise<unknown> = Promise.resolve();
  const parse = (raw: string | null) => (raw ? (JSON.parse(raw) as ThrottleEntry) : undefined);

  const updateOnce = async (
    key: string,
    change: (entry: ThrottleEntry | undefined) => ThrottleEntry | undefined,
  ) => {
    connected ??= updates.connect().catch((error: unknown) => {
      connected = undefined;
      throw error;
    });
    await connected;
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      await updates.watch(key);
      const next = change(parse(await updates.get(key)));
      const transaction = updates.multi();
      if (next)
        transaction.set(key, JSON.stringify(next), 'PX', Math.max(1, keepMsOf(next, Date.now(), limits)));
      else transaction.del(key);
      if (await transaction.exec()) return;
    }
    throw new Error(`login throttle: ${key} kept changing`);
  };

  return {
    read: (keys) =>
      unavailableOnFailure(async () => (await redis.mget(keys.map((key) => PREFIX + key))).map(parse)),
    update(key, change) {
      const done = turn.then(() => unavailableOnFailure(() => updateOnce(PREFIX + key, change)));
      turn = done.catch(() => {});
      return done;
    },
    remove: (key) => unavailableOnFailure(async () => void (await redis.del(PREFIX + key))),
    close: () =>
      updates.quit().then(
        () => {},
        () => {},
      ),
    // Each key expires by itself.
    prune: async () => {},
  };
}

/** Redis away: the sign-in answers 503 like any request while a shared store is down. */
async function unavailableOnFailure<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw serviceUnavailable(error);
  }
}
