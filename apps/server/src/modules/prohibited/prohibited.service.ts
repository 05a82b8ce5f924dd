import {
  prohibitedMessages,
  prohibitedSourceNames,
  type ProhibitedAction,
} from '@dealer-hr/shared/prohibited/rules';
import { and, asc, count, desc, eq, ilike, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  approvalInstances,
  departments,
  employees,
  prohibitedEntries,
  prohibitedEvents,
  users,
} from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { createdWithin } from '../../lib/day-range';
import { likeContains, offsetOf, olderThan, type NewestFirstCursor } from '../../lib/paging';
import { onUniqueViolation } from '../../lib/pg-errors';
import { sealedIdNumber, type Sealer } from '../../lib/sealed-values';
import { accountNameOf } from '../../core/account-name';
import { fact, type ApprovalEngine, type ApprovalInstance } from '../approvals';
import type {
  ProhibitedChangeBody,
  ProhibitedDismissBody,
  ProhibitedRow,
  ProhibitedStoreBody,
} from '@dealer-hr/shared/prohibited/contract';
import type { ProhibitedListQuery } from './prohibited.schemas';

type Entry = typeof prohibitedEntries.$inferSelect;

export const PROHIBITED_DISMISS = 'prohibited_dismiss' as const;

const rowColumns = { entry: prohibitedEntries, createdBy: accountNameOf() };

const rowOf = ({ entry, createdBy }: { entry: Entry; createdBy: string | null }): ProhibitedRow => ({
  id: entry.id,
  name: entry.name,
  id_number: entry.idNumberMasked,
  phone: entry.phone,
  disable_reason: entry.disableReason,
  enable_reason: entry.enableReason,
  source: entry.source,
  status: entry.status,
  created_by: createdBy,
  created_at: entry.createdAt.toISOString(),
  dismissed_at: entry.dismissedAt?.toISOString() ?? null,
});

/** What the audit log keeps of an entry: never the sealed number or its index. */
const auditedOf = (entry: Entry) => ({
  name: entry.name,
  idNumber: entry.idNumberMasked,
  phone: entry.phone,
  disableReason: entry.disableReason,
  enableReason: entry.enableReason,
  source: entry.source,
  status: entry.status,
});

function rowsQuery(db: Database) {
  return db
    .select(rowColumns)
    .from(prohibitedEntries)
    .leftJoin(users, eq(users.id, prohibitedEntries.createdByUserId))
    .leftJoin(employees, eq(employees.id, users.employeeId));
}

function listConditions(sealer: Sealer, query: ProhibitedListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.keyword) {
    const pattern = likeContains(query.keyword);
    conditions.push(or(ilike(prohibitedEntries.name, pattern), ilike(prohibitedEntries.phone, pattern)));
  }
  if (query.id_number)
    conditions.push(eq(prohibitedEntries.idNumberIndex, sealer.blindIndex(query.id_number)));
  if (query.status) conditions.push(eq(prohibitedEntries.status, query.status));
  if (query.source) conditions.push(eq(prohibitedEntries.source, query.source));
  conditions.push(createdWithin(prohibitedEntries.createdAt, query));
  return and(...conditions);
}

/** `GET prohibited/index`: newest first. */
export async function listProhibited(db: Database, sealer: Sealer, query: ProhibitedListQuery) {
  const where = listConditions(sealer, query);
  const [rows, [total]] = await Promise.all([
    rowsQuery(db)
      .where(where)
      .orderBy(desc(prohibitedEntries.createdAt), desc(prohibitedEntries.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(prohibitedEntries).where(where),
  ]);
  return { data: rows.map(rowOf), total: total?.total ?? 0 };
}

/** Every row of the filter, for the export: the list is group-wide and small enough to read in one query. */
export async function* allProhibited(
  db: Database,
  sealer: Sealer,
  query: ProhibitedListQuery,
): AsyncGenerator<ProhibitedRow> {
  const where = listConditions(sealer, query);
  const batch = 1000;
  // Keyset pages, newest first: each page one short read however long the list.
  let before: NewestFirstCursor | null = null;
  for (;;) {
    const rows: { entry: Entry; createdBy: string | null }[] = await rowsQuery(db)
      .where(and(where, olderThan(prohibitedEntries, before)))
      .orderBy(desc(prohibitedEntries.createdAt), desc(prohibitedEntries.id))
      .limit(batch);
    for (const row of rows) yield rowOf(row);
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    before = { createdAt: last.entry.createdAt, id: last.entry.id };
  }
}

/** The entry that keeps a person with this ID number from being hired: listed, or being dismissed. */
export async function findListed(
  db: Database,
  sealer: Sealer,
  idNumber: string,
): Promise<ProhibitedRow | null> {
  const [row] = await rowsQuery(db)
    .where(
      and(
        eq(prohibitedEntries.idNumberIndex, sealer.blindIndex(idNumber)),
        ne(prohibitedEntries.status, 'dismissed'),
      ),
    )
    .limit(1);
  return row ? rowOf(row) : null;
}

async function addEvent(
  tx: Database,
  entryId: number,
  action: ProhibitedAction,
  actorUserId: number | null,
  details: {
    reason?: string | null;
    changes?: { before: Record<string, unknown>; after: Record<string, unknown> };
  } = {},
) {
  await tx.insert(prohibitedEvents).values({
    entryId,
    action,
    actorUserId,
    reason: details.reason ?? null,
    changes: details.changes ?? null,
  });
}

async function detailRow(db: Database, id: number): Promise<ProhibitedRow> {
  const [row] = await rowsQuery(db).where(eq(prohibitedEntries.id, id));
  if (!row) throw notFound(prohibitedMessages.notFound);
  return rowOf(row);
}

/** `GET prohibited/detail`: the entry, its whole history (oldest first) and its running dismissal approval. */
export async function prohibitedDetail(db: Database, id: number) {
  const row = await detailRow(db, id);
  const [history, [running]] = await Promise.all([
    db
      .select({
        id: prohibitedEvents.id,
        action: prohibitedEvents.action,
        actor: accountNameOf(),
        reason: prohibitedEvents.reason,
        changes: prohibitedEvents.changes,
        createdAt: prohibitedEvents.createdAt,
      })
      .from(prohibitedEvents)
      .leftJoin(users, eq(users.id, prohibitedEvents.actorUserId))
      .leftJoin(employees, eq(employees.id, users.employeeId))
      .where(eq(prohibitedEvents.entryId, id))
      .orderBy(asc(prohibitedEvents.createdAt), asc(prohibitedEvents.id)),
    db
      .select({ id: approvalInstances.id })
      .from(approvalInstances)
      .where(
        and(
          eq(approvalInstances.businessType, PROHIBITED_DISMISS),
          eq(approvalInstances.businessId, id),
          eq(approvalInstances.status, 'pending'),
        ),
      ),
  ]);
  return {
    ...row,
    history: history.map(({ createdAt, ...event }) => ({ ...event, created_at: createdAt.toISOString() })),
    approval_instance_id: running?.id ?? null,
  };
}

const alreadyListed = () =>
  conflict(prohibitedMessages.alreadyListed, {
    errors: [{ field: 'id_number', message: prohibitedMessages.alreadyListed }],
  });

/** `POST prohibited/store`, also what a resignation calls to list the leaver (source `resignation`). */
export async function addProhibited(
  db: Database,
  sealer: Sealer,
  actor: AuditActor,
  body: ProhibitedStoreBody,
): Promise<ProhibitedRow> {
  const entry = await db.transaction(async (tx) => {
    // The partial unique index settles two people adding the same number at once.
    const [created] = await onUniqueViolation(alreadyListed, () =>
      tx
        .insert(prohibitedEntries)
        .values({
          name: body.name,
          ...sealedIdNumber(sealer, body.id_number),
          phone: body.phone,
          disableReason: body.disable_reason,
          source: body.source,
          createdByUserId: actor.userId,
        })
        .returning(),
    );
    await addEvent(tx, created!.id, 'add', actor.userId, { reason: body.disable_reason });
    await writeAudit(tx, actor, {
      entity: 'prohibited_entry',
      entityId: created!.id,
      action: 'create',
      after: auditedOf(created!),
    });
    return created!;
  });
  return detailRow(db, entry.id);
}

async function lockEntry(tx: Database, id: number): Promise<Entry> {
  const [entry] = await tx.select().from(prohibitedEntries).where(eq(prohibitedEntries.id, id)).for('update');
  if (!entry) throw notFound(prohibitedMessages.notFound);
  return entry;
}

const CHANGEABLE = { name: 'name', phone: 'phone', disable_reason: 'disableReason' } as const;

/** `PUT prohibited/change`: name, phone or reason of an entry not yet dismissed; the history keeps both values. */
export async function changeProhibited(
  db: Database,
  actor: AuditActor,
  body: ProhibitedChangeBody,
): Promise<ProhibitedRow> {
  await db.transaction(async (tx) => {
    const entry = await lockEntry(tx, body.id);
    if (entry.status === 'dismissed') throw conflict(prohibitedMessages.notActive);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(CHANGEABLE) as [keyof typeof CHANGEABLE, keyof Entry][]) {
      const value = body[field];
      if (value === undefined || value === entry[column]) continue;
      before[field] = entry[column];
      after[field] = value;
    }
    if (Object.keys(after).length === 0) return;
    const [changed] = await tx
      .update(prohibitedEntries)
      .set({
        name: body.name ?? entry.name,
        phone: body.phone === undefined ? entry.phone : body.phone,
        disableReason: body.disable_reason ?? entry.disableReason,
      })
      .where(eq(prohibitedEntries.id, entry.id))
      .returning();
    await addEvent(tx, entry.id, 'change', actor.userId, { changes: { before, after } });
    await writeAudit(tx, actor, {
      entity: 'prohibited_entry',
      entityId: entry.id,
      action: 'update',
      before: auditedOf(entry),
      after: auditedOf(changed!),
    });
  });
  return detailRow(db, body.id);
}

/** The department a group-wide record is approved at: the root of the tree (the group itself). */
async function groupDepartmentId(tx: Database): Promise<number> {
  const [root] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(isNull(departments.parentId))
    .orderBy(asc(departments.id))
    .limit(1);
  if (!root) throw notFound('部门不存在');
  return root.id;
}

/**
 * `PUT prohibited/dismiss`: lifts an entry with a reason. When a dismissal flow is configured the entry waits
 * (`dismissing`) for its approval and still blocks onboarding; otherwise it is lifted at once.
 */
export async function dismissProhibited(
  db: Database,
  engine: ApprovalEngine,
  actor: AuditActor & { userId: number },
  body: ProhibitedDismissBody,
) {
  return db.transaction(async (tx) => {
    const entry = await lockEntry(tx, body.id);
    if (entry.status === 'dismissing') throw conflict(prohibitedMessages.dismissPending);
    if (entry.status === 'dismissed') throw conflict(prohibitedMessages.notActive);
    const departmentId = await groupDepartmentId(tx);
    const approved = !(await engine.hasFlow(tx, PROHIBITED_DISMISS, departmentId));
    const [changed] = await tx
      .update(prohibitedEntries)
      .set({
        status: approved ? 'dismissed' : 'dismissing',
        enableReason: body.enable_reason,
        dismissedAt: approved ? new Date() : null,
      })
      .where(eq(prohibitedEntries.id, entry.id))
      .returning();
    await addEvent(tx, entry.id, approved ? 'dismiss' : 'dismiss_requested', actor.userId, {
      reason: body.enable_reason,
    });
    await writeAudit(tx, actor, {
      entity: 'prohibited_entry',
      entityId: entry.id,
      action: approved ? 'dismiss' : 'dismiss_request',
      before: auditedOf(entry),
      after: auditedOf(changed!),
    });
    const instance = approved
      ? null
      : await engine.submit(tx, {
          businessType: PROHIBITED_DISMISS,
          businessId: entry.id,
          title: `解除禁用：${entry.name}`,
          applicantUserId: actor.userId,
          departmentId,
          form: { source: entry.source },
        });
    return { id: entry.id, status: changed!.status, approval_instance_id: instance?.id ?? null };
  });
}

/**
 * What the approver of a dismissal decides on: who is listed (the number masked), why and how they came onto
 * the list, who listed them and when, and why they should come off it. The reason is the request's own (the
 * entry forgets it when a request is refused), read from the history line written with the approval.
 */
export async function dismissalFacts(db: Database, instance: ApprovalInstance) {
  const [found] = await rowsQuery(db).where(eq(prohibitedEntries.id, instance.businessId));
  if (!found) return [];
  const [request] = await db
    .select({ reason: prohibitedEvents.reason })
    .from(prohibitedEvents)
    .where(
      and(
        eq(prohibitedEvents.entryId, instance.businessId),
        eq(prohibitedEvents.action, 'dismiss_requested'),
        // Compared in the database: a JavaScript date drops the microseconds the two rows share.
        lte(
          prohibitedEvents.createdAt,
          db
            .select({ at: approvalInstances.createdAt })
            .from(approvalInstances)
            .where(eq(approvalInstances.id, instance.id)),
        ),
      ),
    )
    .orderBy(desc(prohibitedEvents.createdAt), desc(prohibitedEvents.id))
    .limit(1);
  const { entry, createdBy } = found;
  return [
    fact.text('person_name', entry.name),
    fact.text('id_number', entry.idNumberMasked),
    fact.text('disable_reason', entry.disableReason),
    fact.code('source', entry.source, prohibitedSourceNames[entry.source]),
    fact.text('listed_by', createdBy),
    fact.time('listed_at', entry.createdAt),
    fact.text('enable_reason', request?.reason ?? entry.enableReason),
  ];
}

/** The dismissal approval's outcome on the entry; runs inside the engine's transaction. */
export async function settleDismissal(
  tx: Database,
  entryId: number,
  outcome: 'approved' | 'rejected' | 'withdrawn',
): Promise<void> {
  const entry = await lockEntry(tx, entryId);
  if (entry.status !== 'dismissing') return;
  const approved = outcome === 'approved';
  await tx
    .update(prohibitedEntries)
    .set(
      approved ? { status: 'dismissed', dismissedAt: new Date() } : { status: 'active', enableReason: null },
    )
    .where(eq(prohibitedEntries.id, entryId));
  const action = approved ? 'dismiss' : outcome === 'rejected' ? 'dismiss_rejected' : 'dismiss_withdrawn';
  await addEvent(tx, entryId, action, null, { reason: approved ? entry.enableReason : null });
}
