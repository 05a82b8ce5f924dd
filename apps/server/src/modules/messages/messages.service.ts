import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messages } from '../../db/schema';
import { offsetOf, type Paging } from '../../lib/paging';

export interface Notice {
  kind: string;
  title: string;
  content: string;
  /** The web path of the record the message is about. */
  link: string | null;
  /** For a task: the approval it asks to decide (the message is done once the user's task is). */
  instanceId?: number;
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

/**
 * A task message whose task is no longer the user's to decide (they or another approver decided, the
 * applicant withdrew): it shows as done and counts as read, whatever its read mark says.
 */
// Written out with the table names: in a one-table select the ORM leaves column names unqualified, and
// inside the subquery those would name the task's own columns.
const done = sql<boolean>`("messages"."instance_id" is not null and not exists (
  select 1 from "approval_tasks" pending
  where pending."instance_id" = "messages"."instance_id"
    and pending."approver_user_id" = "messages"."user_id" and pending."status" = 'pending'))`;
const unread = and(isNull(messages.readAt), not(done));
const read = or(isNotNull(messages.readAt), done);

const toRow = (row: typeof messages.$inferSelect & { done: boolean }) => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  content: row.content,
  link: row.link,
  read: row.readAt !== null || row.done,
  read_at: row.readAt?.toISOString() ?? null,
  done: row.done,
  created_at: row.createdAt.toISOString(),
});

/** The user's unread messages as the badge counts them: a task message whose task is done is read. */
export const unreadCount = async (db: Database, userId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), unread));
  return row!.value;
};

export async function listMessages(db: Database, userId: number, query: MessageQuery) {
  const filters: SQL[] = [eq(messages.userId, userId)];
  if (query.read === '1') filters.push(read!);
  if (query.read === '0') filters.push(unread!);
  const where = and(...filters);
  const [rows, [total], unreadNow] = await Promise.all([
    db
      .select({ ...getTableColumns(messages), done })
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(messages).where(where),
    unreadCount(db, userId),
  ]);
  return { data: rows.map(toRow), total: total!.value, unread: unreadNow };
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
  return { unread: await unreadCount(db, userId) };
}

/** Deletes the given messages of the user; others' ids are ignored. Answers how many are still unread. */
export async function deleteMessages(
  db: Database,
  userId: number,
  ids: number[],
): Promise<{ unread: number }> {
  await db.delete(messages).where(and(eq(messages.userId, userId), inArray(messages.id, ids)));
  return { unread: await unreadCount(db, userId) };
}
