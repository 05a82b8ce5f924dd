import { and, count, desc, eq, inArray, isNull, isNotNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messages } from '../../db/schema';
import { offsetOf, type Paging } from '../../lib/paging';

export interface Notice {
  kind: string;
  title: string;
  content: string;
  /** The web path of the record the message is about. */
  link: string | null;
}

/** Writes one message per user, inside the caller's transaction: a notice exists only if its change does. */
export async function notify(tx: Database, userIds: readonly number[], notice: Notice): Promise<void> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return;
  await tx.insert(messages).values(recipients.map((userId) => ({ userId, ...notice })));
}

export interface MessageQuery extends Paging {
  /** `1` read only, `0` unread only. */
  read?: '0' | '1';
}

const toRow = (row: typeof messages.$inferSelect) => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  content: row.content,
  link: row.link,
  read: row.readAt !== null,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export async function listMessages(db: Database, userId: number, query: MessageQuery) {
  const filters: SQL[] = [eq(messages.userId, userId)];
  if (query.read === '1') filters.push(isNotNull(messages.readAt));
  if (query.read === '0') filters.push(isNull(messages.readAt));
  const where = and(...filters);
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(messages).where(where),
    db
      .select({ value: count() })
      .from(messages)
      .where(and(eq(messages.userId, userId), isNull(messages.readAt))),
  ]);
  return { data: rows.map(toRow), total: total!.value, unread: unread!.value };
}

/** Marks the given messages of the user (or all of them) read; answers how many are still unread. */
export async function markRead(
  db: Database,
  userId: number,
  body: { ids?: number[] | undefined; all?: boolean | undefined },
): Promise<{ unread: number }> {
  const mine = and(eq(messages.userId, userId), isNull(messages.readAt));
  const chosen = body.all ? mine : and(mine, inArray(messages.id, body.ids ?? []));
  if (body.all || (body.ids?.length ?? 0) > 0) {
    await db.update(messages).set({ readAt: new Date() }).where(chosen);
  }
  const [unread] = await db.select({ value: count() }).from(messages).where(mine);
  return { unread: unread!.value };
}

/** Deletes the given messages of the user; others' ids are ignored. Answers how many are still unread. */
export async function deleteMessages(
  db: Database,
  userId: number,
  ids: number[],
): Promise<{ unread: number }> {
  await db.delete(messages).where(and(eq(messages.userId, userId), inArray(messages.id, ids)));
  const [unread] = await db
    .select({ value: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
  return { unread: unread!.value };
}
