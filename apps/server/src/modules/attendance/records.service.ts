import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import { PUNCH_SOURCES } from '@dealer-hr/shared/attendance/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import { zQueryId } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { addDays, type Today } from '../../core/clock';
import { employeeKeywordMatch } from '../../core/employee-keyword';
import { inScope, type Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import { clockPunches, employees } from '../../db/schema';
import { calendarDayRange, refineDayRange, startOfDay } from '../../lib/day-range';
import { offsetOf, pagingQuery, zFilterText } from '../../lib/paging';
import { employeeOfUser } from './abnormal.service';
import { punchOf, punchQuery } from './rows';

/** A list of punches reads a week when no range is given: months of millions are never counted whole. */
const DEFAULT_DAYS = 7;

export const punchListQuery = z
  .object({
    ...pagingQuery,
    ...calendarDayRange,
    store_id: zQueryId('门店'),
    employee_id: zQueryId('员工'),
    keyword: zFilterText('关键字'),
    in_fence: z.enum(['1', '0'], { error: selectMessage('打卡结果') }).optional(),
    source: z.enum(PUNCH_SOURCES, { error: selectMessage('来源') }).optional(),
    /** Only the caller's own punches. */
    mine: z.enum(['1', '0'], { error: selectMessage('范围') }).optional(),
  })
  .superRefine(refineDayRange);
export type PunchListQuery = z.infer<typeof punchListQuery>;

/** `GET clock/records`: punches as they came, newest first, in the caller's scope (or their own). */
export async function listPunches(
  db: Database,
  scope: Scope,
  userId: number,
  today: Today,
  timeZone: string,
  query: PunchListQuery,
) {
  const to = query.to ?? today();
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const own = query.mine === '1' ? await employeeOfUser(db, userId) : undefined;
  const where = and(
    gte(clockPunches.punchedAt, startOfDay(from, timeZone)),
    lt(clockPunches.punchedAt, startOfDay(to, timeZone, 1)),
    own === undefined ? inScope(scope, clockPunches.departmentId) : eq(clockPunches.employeeId, own),
    query.store_id ? eq(clockPunches.storeId, query.store_id) : undefined,
    query.employee_id ? eq(clockPunches.employeeId, query.employee_id) : undefined,
    query.keyword ? employeeKeywordMatch(query.keyword) : undefined,
    query.in_fence ? eq(clockPunches.inFence, query.in_fence === '1') : undefined,
    query.source ? eq(clockPunches.source, query.source) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    punchQuery(db)
      .where(where)
      .orderBy(desc(clockPunches.punchedAt), desc(clockPunches.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(clockPunches)
      .innerJoin(employees, eq(employees.id, clockPunches.employeeId))
      .where(where),
  ]);
  return { data: rows.map(punchOf), total: counted?.total ?? 0, from, to };
}
