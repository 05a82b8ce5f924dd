import { and, asc, count, countDistinct, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { ruleMessages, statisticsLabels } from '@dealer-hr/shared/attendance/rules';
import {
  LEAVE_HOURS_A_DAY,
  LEAVE_TYPES,
  leaveTypeNames,
  type LeaveType,
} from '@dealer-hr/shared/attendance/leave';
import type {
  MonthlyStatistics,
  MonthState,
  StoreStatistics,
} from '@dealer-hr/shared/attendance/clock-contract';
import { z } from 'zod';
import type { Today } from '../../core/clock';
import type { ExportSource } from '../../core/exports';
import { employeeKeywordMatch } from '../../core/employee-keyword';
import { inScope, type Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import {
  attendanceCorrections,
  attendanceDays,
  attendanceMonths,
  employees,
  stores,
  users,
} from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import { offsetOf, pagingQuery, zFilterText } from '../../lib/paging';
import { zMonth } from '@dealer-hr/shared/attendance/rules-contract';
import { zQueryId } from '@dealer-hr/shared/validation';

export const statisticsQuery = z.object({
  ...pagingQuery,
  month: zMonth,
  store_id: zQueryId('门店'),
  keyword: zFilterText('关键字'),
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

const lastDayOf = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
};

/** The month's days of the query, in the caller's scope. */
function monthWhere(scope: Scope, query: Omit<StatisticsQuery, 'page' | 'limit'>): SQL | undefined {
  return and(
    gte(attendanceDays.day, `${query.month}-01`),
    lte(attendanceDays.day, lastDayOf(query.month)),
    inScope(scope, attendanceDays.departmentId),
    query.store_id ? eq(attendanceDays.storeId, query.store_id) : undefined,
    query.keyword ? employeeKeywordMatch(query.keyword) : undefined,
  );
}

/** The leave of a day row in days: its half days, and its hours at eight a day. */
const leaveDaysOfRow = sql`(case ${attendanceDays.leave} when 'full' then 1 when 'am' then 0.5 when 'pm' then 0.5 else 0 end
  + ${attendanceDays.leaveMinutes}::float8 / ${sql.raw(String(LEAVE_HOURS_A_DAY * 60))})`;

/** The sums of a month's days, by whatever the query groups them by. */
const totals = {
  days_due: sql<number>`count(*) filter (where ${attendanceDays.kind} = 'workday')::int`,
  attended: sql<number>`count(*) filter (where ${attendanceDays.kind} = 'workday' and (${attendanceDays.firstIn} is not null or ${attendanceDays.lastOut} is not null))::int`,
  rest_days: sql<number>`count(*) filter (where ${attendanceDays.kind} <> 'workday')::int`,
  worked_minutes: sql<number>`coalesce(sum(${attendanceDays.workedMinutes}), 0)::int`,
  late_count: sql<number>`count(*) filter (where ${attendanceDays.lateMinutes} > 0)::int`,
  late_minutes: sql<number>`coalesce(sum(${attendanceDays.lateMinutes}), 0)::int`,
  serious_late: sql<number>`count(*) filter (where ${attendanceDays.seriousLate})::int`,
  early_count: sql<number>`count(*) filter (where ${attendanceDays.earlyMinutes} > 0)::int`,
  early_minutes: sql<number>`coalesce(sum(${attendanceDays.earlyMinutes}), 0)::int`,
  missing_in: sql<number>`count(*) filter (where ${attendanceDays.missingIn})::int`,
  missing_out: sql<number>`count(*) filter (where ${attendanceDays.missingOut})::int`,
  absent_days: sql<number>`coalesce(sum(${attendanceDays.absent}), 0)::float8`,
  outside: sql<number>`coalesce(sum(${attendanceDays.outside}), 0)::int`,
  leave_days: sql<number>`coalesce(sum(${leaveDaysOfRow}), 0)::float8`,
  overtime_minutes: sql<number>`coalesce(sum(${attendanceDays.overtimeMinutes}), 0)::int`,
};

/** Days of leave of one type: a half day counts 0.5, an hour 1/8; a day of two types counts in each. */
const leaveOfType = (type: LeaveType) =>
  sql<number>`coalesce(sum((${attendanceDays.leaveDays} ->> ${type})::float8), 0)::float8`;
const leaveTotals = Object.fromEntries(
  LEAVE_TYPES.map((type) => [`leave_${type}`, leaveOfType(type)]),
) as Record<`leave_${LeaveType}`, ReturnType<typeof leaveOfType>>;

const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

type Totals = { [K in keyof typeof totals | keyof typeof leaveTotals]: number };

function figuresOf(row: Totals) {
  const { worked_minutes, overtime_minutes, ...rest } = row;
  const figures = Object.fromEntries(
    Object.entries(rest).filter(([key]) => !key.startsWith('leave_') || key === 'leave_days'),
  );
  return {
    ...(figures as Omit<Totals, 'worked_minutes' | 'overtime_minutes' | `leave_${LeaveType}`>),
    worked_hours: hours(worked_minutes),
    overtime_hours: hours(overtime_minutes),
    leave_by_type: Object.fromEntries(LEAVE_TYPES.map((type) => [type, row[`leave_${type}`]])) as Record<
      LeaveType,
      number
    >,
  };
}

/** Approved corrections per person in the month. */
async function correctionsOf(db: Database, employeeIds: number[], month: string) {
  if (employeeIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ employeeId: attendanceCorrections.employeeId, n: count() })
    .from(attendanceCorrections)
    .where(
      and(
        inArray(attendanceCorrections.employeeId, employeeIds),
        eq(attendanceCorrections.status, 'approved'),
        gte(attendanceCorrections.day, `${month}-01`),
        lte(attendanceCorrections.day, lastDayOf(month)),
      ),
    )
    .groupBy(attendanceCorrections.employeeId);
  return new Map(rows.map((row) => [row.employeeId, row.n]));
}

/**
 * `GET clock/statistics`: each person's month from the day table, by employee number; a person dispatched
 * part of the month counts under each store for the days worked there when a store is chosen.
 */
export async function monthlyStatistics(db: Database, scope: Scope, query: StatisticsQuery) {
  const where = monthWhere(scope, query);
  const grouped = db
    .select({
      employeeId: attendanceDays.employeeId,
      employeeName: employees.name,
      employeeNo: employees.employeeNo,
      storeId: sql<
        number | null
      >`(array_agg(${attendanceDays.storeId} order by ${attendanceDays.day} desc))[1]`,
      ...totals,
      ...leaveTotals,
    })
    .from(attendanceDays)
    .innerJoin(employees, eq(employees.id, attendanceDays.employeeId))
    .where(where)
    .groupBy(attendanceDays.employeeId, employees.name, employees.employeeNo)
    .orderBy(asc(employees.employeeNo));
  const [rows, [counted]] = await Promise.all([
    grouped.limit(query.limit).offset(offsetOf(query)),
    db
      .select({ total: countDistinct(attendanceDays.employeeId) })
      .from(attendanceDays)
      .innerJoin(employees, eq(employees.id, attendanceDays.employeeId))
      .where(where),
  ]);
  return { data: await statisticsRows(db, rows, query.month), total: counted?.total ?? 0 };
}

type GroupedRow = {
  employeeId: number;
  employeeName: string;
  employeeNo: string;
  storeId: number | null;
} & Totals;

async function statisticsRows(db: Database, rows: GroupedRow[], month: string): Promise<MonthlyStatistics[]> {
  const ids = rows.map((row) => row.employeeId);
  const storeIds = [...new Set(rows.map((row) => row.storeId).filter((id): id is number => id !== null))];
  const [corrections, storeRows] = await Promise.all([
    correctionsOf(db, ids, month),
    storeIds.length === 0
      ? []
      : db.select({ id: stores.id, name: stores.name }).from(stores).where(inArray(stores.id, storeIds)),
  ]);
  const storeName = new Map(storeRows.map((row) => [row.id, row.name]));
  return rows.map(({ employeeId, employeeName, employeeNo, storeId, ...figures }) => ({
    employee_id: employeeId,
    employee_name: employeeName,
    employee_no: employeeNo,
    store_name: storeId === null ? null : (storeName.get(storeId) ?? null),
    ...figuresOf(figures),
    corrections: corrections.get(employeeId) ?? 0,
  }));
}

/** `GET clock/statistics/stores`: each store's month, its people's days summed. */
export async function storeStatistics(
  db: Database,
  scope: Scope,
  query: Omit<StatisticsQuery, 'page' | 'limit'>,
): Promise<StoreStatistics[]> {
  const rows = await db
    .select({
      storeId: attendanceDays.storeId,
      storeName: stores.name,
      people: sql<number>`count(distinct ${attendanceDays.employeeId})::int`,
      ...totals,
      ...leaveTotals,
    })
    .from(attendanceDays)
    .innerJoin(employees, eq(employees.id, attendanceDays.employeeId))
    .leftJoin(stores, eq(stores.id, attendanceDays.storeId))
    .where(monthWhere(scope, query))
    .groupBy(attendanceDays.storeId, stores.name)
    .orderBy(asc(attendanceDays.storeId));
  const corrections = await db
    .select({ storeId: attendanceDays.storeId, n: count() })
    .from(attendanceCorrections)
    .innerJoin(
      attendanceDays,
      and(
        eq(attendanceDays.employeeId, attendanceCorrections.employeeId),
        eq(attendanceDays.day, attendanceCorrections.day),
      ),
    )
    .innerJoin(employees, eq(employees.id, attendanceDays.employeeId))
    .where(and(monthWhere(scope, query), eq(attendanceCorrections.status, 'approved')))
    .groupBy(attendanceDays.storeId);
  const correctionsAt = new Map(corrections.map((row) => [row.storeId, row.n]));
  return rows.map(({ storeId, storeName, people, ...figures }) => ({
    store_id: storeId,
    store_name: storeName,
    people,
    ...figuresOf(figures),
    corrections: correctionsAt.get(storeId) ?? 0,
  }));
}

export async function monthStateOf(db: Database, month: string): Promise<MonthState> {
  const [row] = await db
    .select({ lockedAt: attendanceMonths.lockedAt, name: users.name })
    .from(attendanceMonths)
    .leftJoin(users, eq(users.id, attendanceMonths.lockedByUserId))
    .where(eq(attendanceMonths.month, month));
  return {
    month,
    locked: row !== undefined,
    locked_at: row?.lockedAt.toISOString() ?? null,
    locked_by: row?.name ?? null,
  };
}

/**
 * `PUT clock/statistics/lock`: HR closes a month that is over (by the 5th of the next, as a rule); its days
 * no longer change, corrections and explanations of it are refused, until it is reopened.
 */
export async function lockMonth(
  db: Database,
  today: Today,
  actor: AuditActor & { userId: number },
  month: string,
) {
  if (month >= today().slice(0, 7)) throw conflict(ruleMessages.monthNotOver);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .insert(attendanceMonths)
      .values({ month, lockedByUserId: actor.userId })
      .onConflictDoNothing()
      .returning();
    if (!locked) throw conflict(ruleMessages.monthLocked(month));
    await writeAudit(tx, actor, {
      entity: 'attendance_month',
      entityId: month,
      action: 'lock',
      after: { month },
    });
  });
  return monthStateOf(db, month);
}

/** `PUT clock/statistics/unlock`: the month opens again for corrections and rebuilds. */
export async function unlockMonth(db: Database, actor: AuditActor, month: string) {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(attendanceMonths).where(eq(attendanceMonths.month, month)).returning();
    if (!removed) throw conflict(ruleMessages.monthNotLocked(month));
    await writeAudit(tx, actor, {
      entity: 'attendance_month',
      entityId: month,
      action: 'unlock',
      before: { month },
    });
  });
  return monthStateOf(db, month);
}

const STATISTICS_PAGE = 500;

/** The monthly sheet as an .xlsx file (`clock/excel`, and the export job): every person of the query. */
export const statisticsExport = (db: Database): ExportSource<StatisticsQuery> => ({
  kind: 'attendance',
  permission: 'attendance:statistics:export',
  sheetName: '考勤月报',
  columns: [
    ...(Object.keys(statisticsLabels) as (keyof typeof statisticsLabels)[]).map((key) => ({
      key,
      header: statisticsLabels[key],
      width: key === 'employee_name' || key === 'store_name' ? 16 : 12,
    })),
    ...LEAVE_TYPES.map((type) => ({
      key: `leave_${type}`,
      header: `${leaveTypeNames[type]}（天）`,
      width: 10,
    })),
  ],
  query: statisticsQuery,
  async *rows({ scope, query }) {
    for (let page = 1; ; page += 1) {
      const { data } = await monthlyStatistics(db, scope, { ...query, page, limit: STATISTICS_PAGE });
      for (const row of data) {
        const { employee_id: _id, leave_by_type: byType, ...cells } = row;
        yield {
          ...cells,
          ...Object.fromEntries(LEAVE_TYPES.map((type) => [`leave_${type}`, byType[type]])),
        };
      }
      if (data.length < STATISTICS_PAGE) return;
    }
  },
});
