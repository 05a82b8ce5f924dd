import type { HandoverItem, HandoverProgress } from '@dealer-hr/shared/handover/contract';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import {
  HANDOVER_KINDS,
  handoverMessages,
  HANDOVER_STATES,
  SETTLED_HANDOVER_STATES,
  type HandoverKind,
  type HandoverState,
} from '@dealer-hr/shared/handover/rules';
import { and, asc, count, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { employees, handoverItems, resignations } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { PlatformError, type WorkMessaging } from './work-messaging';

type ItemRow = typeof handoverItems.$inferSelect;

/** The leaver a handover is for: the resignation and the person's userid on the platform. */
export interface Leaver {
  resignationId: number;
  workUserId: string;
}

/**
 * Reads the leaver's customers and group chats from the platform once, when the handover is first opened (or
 * `go` asks whether there is anything to hand over), and keeps them as items. Later reads page those items:
 * the dialog's pages stay stable while the handover moves them. Two first reads at once insert each item once.
 */
export async function ensureListed(db: Database, platform: WorkMessaging, leaver: Leaver): Promise<void> {
  const [resignation] = await db
    .select({ listedAt: resignations.handoverListedAt })
    .from(resignations)
    .where(eq(resignations.id, leaver.resignationId));
  if (!resignation || resignation.listedAt !== null) return;
  const [customers, chats] = await Promise.all([
    platform.customersOf(leaver.workUserId),
    platform.groupChatsOf(leaver.workUserId),
  ]).catch((error: unknown) => {
    // The platform down or refusing us is no fault of the caller's: they may try again later.
    if (error instanceof PlatformError)
      throw new AppError(ErrorCode.UNAVAILABLE, handoverMessages.platformUnavailable);
    throw error;
  });
  const common = { resignationId: leaver.resignationId, handoverUserId: leaver.workUserId };
  const rows = [
    ...customers.map((customer) => ({
      ...common,
      kind: 'customer' as const,
      externalId: customer.externalUserId,
      name: customer.name,
      variant: customer.variant,
    })),
    ...chats.map((chat) => ({
      ...common,
      kind: 'group_chat' as const,
      externalId: chat.chatId,
      name: chat.name,
      memberCount: chat.memberCount,
      variant: chat.variant,
    })),
  ];
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 1000)
      await tx
        .insert(handoverItems)
        .values(rows.slice(start, start + 1000))
        .onConflictDoNothing();
    await tx
      .update(resignations)
      .set({ handoverListedAt: new Date() })
      .where(and(eq(resignations.id, leaver.resignationId), isNull(resignations.handoverListedAt)));
  });
}

const itemOf = (row: ItemRow, inheritorName: string | null): HandoverItem => ({
  id: row.id,
  kind: row.kind,
  external_id: row.externalId,
  name: row.name,
  member_count: row.memberCount,
  state: row.state,
  inheritor_id: row.takeoverEmployeeId,
  inheritor_name: inheritorName,
  takeover_at: row.takeoverAt?.toISOString() ?? null,
  errcode: row.errcode,
  error: row.error,
  attempts: row.attempts,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * A page of a resignation's items of one kind, in the platform's order; `handedOnly` leaves out the ones
 * not handed over yet (the transfer detail).
 */
export async function pageOfItems(
  db: Database,
  resignationId: number,
  kind: HandoverKind | undefined,
  paging: { page: number; limit: number },
  { handedOnly = false, state }: { handedOnly?: boolean; state?: HandoverState } = {},
): Promise<{ data: HandoverItem[]; total: number }> {
  const where = and(
    eq(handoverItems.resignationId, resignationId),
    kind ? eq(handoverItems.kind, kind) : undefined,
    handedOnly ? ne(handoverItems.state, 'pending') : undefined,
    state ? eq(handoverItems.state, state) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ item: handoverItems, inheritor: employees.name })
      .from(handoverItems)
      .leftJoin(employees, eq(employees.id, handoverItems.takeoverEmployeeId))
      .where(where)
      .orderBy(asc(handoverItems.kind), asc(handoverItems.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ total: count() }).from(handoverItems).where(where),
  ]);
  return { data: rows.map((row) => itemOf(row.item, row.inheritor)), total: counted?.total ?? 0 };
}

const emptyCounts = () =>
  Object.fromEntries(HANDOVER_STATES.map((state) => [state, 0])) as Record<HandoverState, number>;

/** How many of a resignation's items are in each state, and whether the handover is settled. */
export async function progressOf(db: Database, resignationId: number): Promise<HandoverProgress> {
  const [rows, [resignation]] = await Promise.all([
    db
      .select({ kind: handoverItems.kind, state: handoverItems.state, total: count() })
      .from(handoverItems)
      .where(eq(handoverItems.resignationId, resignationId))
      .groupBy(handoverItems.kind, handoverItems.state),
    db
      .select({ listedAt: resignations.handoverListedAt })
      .from(resignations)
      .where(eq(resignations.id, resignationId)),
  ]);
  const byKind = Object.fromEntries(HANDOVER_KINDS.map((kind) => [kind, emptyCounts()])) as Record<
    HandoverKind,
    Record<HandoverState, number>
  >;
  for (const row of rows) byKind[row.kind][row.state] = row.total;
  const sum = (states: readonly HandoverState[]) =>
    HANDOVER_KINDS.reduce(
      (total, kind) => total + states.reduce((part, state) => part + byKind[kind][state], 0),
      0,
    );
  const total = sum(HANDOVER_STATES);
  return {
    settled: sum(SETTLED_HANDOVER_STATES) === total,
    listed: resignation?.listedAt != null,
    done: byKind.customer.done + byKind.group_chat.done,
    total,
    customer: byKind.customer,
    group_chat: byKind.group_chat,
  };
}

/** Whether anything of the resignation is not handed over, inside the caller's transaction (`go`). */
export async function hasUnsettledItems(tx: Database, resignationId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: handoverItems.id })
    .from(handoverItems)
    .where(
      and(
        eq(handoverItems.resignationId, resignationId),
        notInArray(handoverItems.state, [...SETTLED_HANDOVER_STATES]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Per resignation: items handed over and items in all, for the resignation list's progress column. */
export const handoverCountsOf = (resignationId: typeof resignations.id) => ({
  done: sql<number>`(select count(*) from ${handoverItems} where ${handoverItems.resignationId} = ${resignationId} and ${handoverItems.state} = 'done')::int`,
  total: sql<number>`(select count(*) from ${handoverItems} where ${handoverItems.resignationId} = ${resignationId})::int`,
});

/**
 * The resignation list's handover filter: `open`, something is not settled yet (or nothing was listed for a
 * leaver the platform knows); `settled`, everything listed is done or declined.
 */
export const handoverFilterOf = (resignationId: typeof resignations.id, filter: 'open' | 'settled') => {
  const unsettled = sql`exists (select 1 from ${handoverItems} where ${handoverItems.resignationId} = ${resignationId} and ${handoverItems.state} not in ('done', 'refused'))`;
  const any = sql`exists (select 1 from ${handoverItems} where ${handoverItems.resignationId} = ${resignationId})`;
  return filter === 'open' ? unsettled : sql`(${any} and not ${unsettled})`;
};
