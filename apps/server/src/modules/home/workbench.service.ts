import { and, count, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_RESIGNATION_STATUSES } from '@dealer-hr/shared/resignation/rules';
import type { WorkbenchAnswer, WorkbenchTask } from '@dealer-hr/shared/statistics/contract';
import { addMonths, periodsOf, rate, turnoverRates } from '@dealer-hr/shared/statistics/rules';
import { canAny, type Access } from '../../core/access';
import type { Clock, Today } from '../../core/clock';
import { inScope, type Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import {
  approvalInstances,
  approvalTasks,
  attendanceDays,
  handoverItems,
  onboardingEntries,
  resignations,
} from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { balancesOf, evaluateDays } from '../attendance';
import { readyExportCount } from '../exports';
import { unreadCount } from '../messages';
import { nodeCounts, onStaffAt, resolveNode, trendPoint, underNode, vacancyTotals } from '../statistics';

// The workbench (`home/index/workbench`): each card is what its page would count, in the caller's scope,
// and only when the caller may open that page; the web links each card to it.

export interface WorkbenchDeps {
  db: Database;
  clock: Clock;
  today: Today;
  timeZone: string;
}

/** The figures of a scope, or the ones kept for it (the route keeps them under the statistics epoch). */
export type PeopleKeeper = (
  scope: Scope,
  count: () => Promise<WorkbenchAnswer['people']>,
) => Promise<WorkbenchAnswer['people']>;

export interface WorkbenchCaller {
  userId: number;
  employeeId: number | null;
  access: Access;
  scope: Scope;
}

const STATISTICS_VIEW = [
  'statistics:overview:view',
  'statistics:turnover:view',
  'statistics:vacancy:view',
  'statistics:resign:view',
  'statistics:distribution:view',
];

/** Each to-do count: the page it opens, the permission that page needs, and how it is counted. */
const TASKS: readonly {
  key: WorkbenchTask;
  path: string;
  permission: string;
  count: (deps: WorkbenchDeps, caller: WorkbenchCaller) => Promise<number>;
}[] = [
  {
    key: 'approvals_waiting',
    path: '/approval/todo',
    permission: 'approval:todo:view',
    count: async ({ db }, { userId }) =>
      first(
        db
          .select({ value: count() })
          .from(approvalTasks)
          .innerJoin(approvalInstances, eq(approvalInstances.id, approvalTasks.instanceId))
          .where(
            and(
              eq(approvalTasks.approverUserId, userId),
              eq(approvalTasks.status, 'pending'),
              eq(approvalInstances.status, 'pending'),
            ),
          ),
      ),
  },
  {
    key: 'onboarding_in_progress',
    path: '/staff/onboarding',
    permission: 'staff:onboarding:view',
    count: async ({ db }, { scope }) =>
      first(
        db
          .select({ value: count() })
          .from(onboardingEntries)
          .where(
            and(
              inArray(onboardingEntries.status, ['draft', 'pending', 'returned']),
              inScope(scope, onboardingEntries.departmentId),
            ),
          ),
      ),
  },
  {
    key: 'resignations_in_progress',
    path: '/staff/resignation',
    permission: 'staff:resignation:view',
    count: async ({ db }, { scope }) =>
      first(
        db
          .select({ value: count() })
          .from(resignations)
          .where(
            and(
              inArray(resignations.status, [...OPEN_RESIGNATION_STATUSES]),
              inScope(scope, resignations.departmentId),
            ),
          ),
      ),
  },
  {
    // A handover stuck: the platform refused to move an item (over its limit, or failed); HR must act.
    key: 'handovers_stuck',
    path: '/staff/resignation',
    permission: 'staff:resignation:view',
    count: async ({ db }, { scope }) =>
      first(
        db
          .select({ value: countDistinct(handoverItems.resignationId) })
          .from(handoverItems)
          .innerJoin(resignations, eq(resignations.id, handoverItems.resignationId))
          .where(
            and(inArray(handoverItems.state, ['limit', 'failed']), inScope(scope, resignations.departmentId)),
          ),
      ),
  },
  {
    key: 'exports_ready',
    path: '/system/exports',
    permission: 'system:exports:view',
    count: ({ db, clock }, { userId }) => readyExportCount(db, userId, clock.now()),
  },
  {
    key: 'abnormal_awaiting',
    path: '/attendance/abnormal',
    permission: 'attendance:abnormal:approve',
    count: async ({ db }, { scope }) =>
      first(
        db
          .select({ value: count() })
          .from(attendanceDays)
          .where(
            and(eq(attendanceDays.explanationStatus, 'pending'), inScope(scope, attendanceDays.departmentId)),
          ),
      ),
  },
];

async function first(query: PromiseLike<{ value: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.value ?? 0);
}

/** This month to today and the eleven before it, headcount and vacancy of the caller's scope. */
async function peopleOf({ db, today }: WorkbenchDeps, scope: Scope): Promise<WorkbenchAnswer['people']> {
  const day = today();
  const month = day.slice(0, 7);
  const periods = periodsOf(addMonths(month, -11), month, 'month');
  // The month so far: its headcount is today's, not that of a month end still to come.
  periods[periods.length - 1]!.to = day;
  const node = await resolveNode(db, scope, undefined);
  const counts = await nodeCounts(db, node, periods);
  const now = counts[counts.length - 1]!;
  const rates = turnoverRates(now);
  const places = await vacancyTotals(db, node, day);
  return {
    month,
    headcount: now.headcount_end,
    hires: now.hires,
    leavers: now.leavers,
    rate_end: rates.rate_end,
    rate_average: rates.rate_average,
    planned: places.planned,
    vacancy: places.vacancy,
    vacancy_rate: rate(places.vacancy, places.planned),
    trend: counts.map((month, index) => trendPoint(periods[index]!, month)),
  };
}

/** Today at the caller's store(s): who is due, in, late, on leave, and who missed a shift already over. */
async function attendanceToday(
  { db, clock, today, timeZone }: WorkbenchDeps,
  scope: Scope,
): Promise<WorkbenchAnswer['attendance_today']> {
  const day = today();
  const node = await resolveNode(db, scope, undefined);
  const people = rowsOf<{ employee_id: number }>(
    await db.execute(sql`
      select distinct a.employee_id from assignments a join departments d on d.id = a.department_id
      where ${onStaffAt(day)} and ${underNode(node, sql`d.path`)}
    `),
  ).map((row) => Number(row.employee_id));
  const days = await evaluateDays(db, people, day, timeZone);
  const now = clock.now();
  const due = days.filter((row) => row.kind === 'workday');
  // Away: a whole or half day off; hours off only when they leave nothing of the day due.
  const away = (row: (typeof due)[number]) =>
    row.leave === 'hours' ? row.status === 'leave' && row.firstIn === null : row.leave !== 'none';
  const onLeave = due.filter(away);
  const present = due.filter((row) => row.firstIn !== null);
  const missing = due.filter((row) => row.firstIn === null && !away(row));
  const over = (row: (typeof due)[number]) =>
    row.dueEnd !== null && row.dueEnd !== undefined && row.dueEnd < now;
  return {
    due: due.length,
    present: present.length,
    late: present.filter((row) => (row.lateMinutes ?? 0) > 0).length,
    absent: missing.filter(over).length,
    on_leave: onLeave.length,
    not_yet: missing.filter((row) => !over(row)).length,
  };
}

async function meOf(
  { db, today, timeZone }: WorkbenchDeps,
  userId: number,
  employeeId: number,
): Promise<WorkbenchAnswer['me']> {
  const day = today();
  const [own] = await evaluateDays(db, [employeeId], day, timeZone);
  const annual = (await balancesOf(db, employeeId, Number(day.slice(0, 4)))).find(
    (balance) => balance.type === 'annual',
  );
  return {
    clocked_in: own?.firstIn?.toISOString() ?? null,
    clocked_out: own?.lastOut?.toISOString() ?? null,
    workday: own?.kind === 'workday',
    annual_leave_left: annual?.left ?? null,
    requests_open: await first(
      db
        .select({ value: count() })
        .from(approvalInstances)
        .where(and(eq(approvalInstances.applicantUserId, userId), eq(approvalInstances.status, 'pending'))),
    ),
    // As the navbar's badge counts them.
    messages_unread: await unreadCount(db, userId),
  };
}

/** The names of the departments the caller's figures are of. */
async function scopeNames(db: Database, scope: Scope): Promise<string[]> {
  const node = await resolveNode(db, scope, undefined);
  return node.name ? node.name.split('、') : [];
}

/** `GET home/index/workbench`. */
export async function workbench(
  deps: WorkbenchDeps,
  caller: WorkbenchCaller,
  keep: PeopleKeeper = (_scope, count) => count(),
): Promise<WorkbenchAnswer> {
  const { access, scope } = caller;
  const tasks: WorkbenchAnswer['tasks'] = [];
  for (const task of TASKS)
    if (canAny(access, task.permission))
      tasks.push({ key: task.key, path: task.path, count: await task.count(deps, caller) });
  return {
    today: deps.today(),
    scope: { all: scope.all, names: await scopeNames(deps.db, scope) },
    people: canAny(access, STATISTICS_VIEW) ? await keep(scope, () => peopleOf(deps, scope)) : null,
    tasks,
    attendance_today:
      !scope.all && scope.paths.length > 0 && canAny(access, 'attendance:records:view')
        ? await attendanceToday(deps, scope)
        : null,
    me: caller.employeeId === null ? null : await meOf(deps, caller.userId, caller.employeeId),
  };
}
