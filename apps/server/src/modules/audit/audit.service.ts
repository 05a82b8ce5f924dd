import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLogs, employees, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { createdWithin } from '../../lib/day-range';
import { likeContains, offsetOf } from '../../lib/paging';
import type { AuditDetail, AuditFilters, AuditRow } from '@dealer-hr/shared/audit/contract';
import { auditMessages } from '@dealer-hr/shared/audit/rules';
import type { AuditListQuery } from './audit.schemas';
import { accountNameOf } from '../../core/account-name';

/** Keys of the recorded values, both sides, sorted (jsonb_object_keys only takes objects). */
const changedFields = sql<string[]>`array(
  select key from (
    select jsonb_object_keys(case when jsonb_typeof(${auditLogs.before}) = 'object' then ${auditLogs.before} else '{}'::jsonb end) as key
    union
    select jsonb_object_keys(case when jsonb_typeof(${auditLogs.after}) = 'object' then ${auditLogs.after} else '{}'::jsonb end)
  ) as keys order by key
)`;

const personName = accountNameOf();

const rowColumns = {
  id: auditLogs.id,
  userId: auditLogs.userId,
  username: users.username,
  name: personName,
  action: auditLogs.action,
  entity: auditLogs.entity,
  entityId: auditLogs.entityId,
  ip: auditLogs.ip,
  createdAt: auditLogs.createdAt,
  changedFields,
};

interface RowRecord {
  id: number;
  userId: number | null;
  username: string | null;
  name: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  ip: string | null;
  createdAt: Date;
  changedFields: string[];
}

function rowOf(record: RowRecord): AuditRow {
  return {
    id: Number(record.id),
    user:
      record.userId !== null && record.username !== null
        ? { id: record.userId, username: record.username, name: record.name ?? record.username }
        : null,
    action: record.action,
    entity: record.entity,
    entity_id: record.entityId,
    ip: record.ip,
    created_at: new Date(record.createdAt).toISOString(),
    changed_fields: record.changedFields ?? [],
  };
}

function conditionsOf(query: AuditListQuery): SQL | undefined {
  const person = query.username ? likeContains(query.username) : undefined;
  return and(
    query.user_id !== undefined ? eq(auditLogs.userId, query.user_id) : undefined,
    person
      ? or(ilike(users.username, person), ilike(users.name, person), ilike(employees.name, person))
      : undefined,
    query.entity ? eq(auditLogs.entity, query.entity) : undefined,
    query.action ? eq(auditLogs.action, query.action) : undefined,
    query.entity_id ? eq(auditLogs.entityId, query.entity_id) : undefined,
    createdWithin(auditLogs.createdAt, query),
  );
}

/** `GET audit/index`: newest first. */
export async function listAudit(
  db: Database,
  query: AuditListQuery,
): Promise<{ data: AuditRow[]; total: number }> {
  const where = conditionsOf(query);
  const [rows, [totals]] = await Promise.all([
    db
      .select(rowColumns)
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .leftJoin(employees, eq(employees.id, users.employeeId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .leftJoin(employees, eq(employees.id, users.employeeId))
      .where(where),
  ]);
  return { data: rows.map(rowOf), total: totals?.total ?? 0 };
}

/** `GET audit/detail`: one row with the recorded values. */
export async function auditDetailOf(db: Database, id: number): Promise<AuditDetail> {
  const [record] = await db
    .select({
      ...rowColumns,
      before: auditLogs.before,
      after: auditLogs.after,
      requestId: auditLogs.requestId,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .where(eq(auditLogs.id, id));
  if (!record) throw notFound(auditMessages.notFound);
  return {
    ...rowOf(record),
    before: asRecord(record.before),
    after: asRecord(record.after),
    request_id: record.requestId,
  };
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** `GET audit/filters`: the entities and actions present in the log, for the page's selects. */
export async function auditFiltersOf(db: Database): Promise<AuditFilters> {
  const [entities, actions] = await Promise.all([
    db.selectDistinct({ value: auditLogs.entity }).from(auditLogs).orderBy(asc(auditLogs.entity)),
    db.selectDistinct({ value: auditLogs.action }).from(auditLogs).orderBy(asc(auditLogs.action)),
  ]);
  return { entities: entities.map((row) => row.value), actions: actions.map((row) => row.value) };
}
