import { aliasedTable, and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  approvalEvents,
  approvalInstances,
  approvalTasks,
  departments,
  employees,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { likeContains, offsetOf, type Paging } from '../../lib/paging';
import { accountNameOf } from '../../core/account-name';
import { engineMessages, type ApprovalEngine } from './engine';
import type { instanceDetail, taskRow } from '@dealer-hr/shared/approvals/contract';
import type { TaskScope } from '@dealer-hr/shared/approvals/rules';

type TaskRow = z.infer<typeof taskRow>;
type InstanceDetail = z.infer<typeof instanceDetail>;

const applicant = aliasedTable(users, 'applicant');
const applicantPerson = aliasedTable(employees, 'applicant_person');

export interface TaskListQuery extends Paging {
  scope: TaskScope;
  business_type?: string | undefined;
  status?: string | undefined;
  keyword?: string | undefined;
}

/** Where a task or request belongs in the lists: to-do is open tasks of running instances. */
function scopeFilter(scope: TaskScope, userId: number): SQL {
  switch (scope) {
    case 'todo':
      return and(
        eq(approvalTasks.approverUserId, userId),
        eq(approvalTasks.status, 'pending'),
        eq(approvalInstances.status, 'pending'),
      )!;
    case 'done':
      return and(
        eq(approvalTasks.approverUserId, userId),
        inArray(approvalTasks.status, ['approved', 'rejected']),
      )!;
    case 'mine':
      return eq(approvalInstances.applicantUserId, userId);
  }
}

function listFilters(query: Omit<TaskListQuery, 'page' | 'limit'>, userId: number): SQL {
  const filters: SQL[] = [scopeFilter(query.scope, userId)];
  if (query.business_type) filters.push(eq(approvalInstances.businessType, query.business_type));
  if (query.status) filters.push(eq(approvalInstances.status, query.status as 'pending'));
  if (query.keyword) filters.push(like(approvalInstances.title, likeContains(query.keyword)));
  return and(...filters)!;
}

export async function listTasks(db: Database, userId: number, query: TaskListQuery) {
  const where = listFilters(query, userId);
  const mine = query.scope === 'mine';
  const base = db
    .select({
      instance: approvalInstances,
      taskId: mine ? sql<number | null>`null` : approvalTasks.id,
      decision: mine ? sql<null>`null` : approvalTasks.status,
      decidedAt: mine ? sql<null>`null` : approvalTasks.decidedAt,
      applicantName: accountNameOf(applicant, applicantPerson),
      departmentName: departments.name,
    })
    .from(mine ? approvalInstances : approvalTasks);
  const joined = (
    mine ? base : base.innerJoin(approvalInstances, eq(approvalInstances.id, approvalTasks.instanceId))
  )
    .innerJoin(applicant, eq(applicant.id, approvalInstances.applicantUserId))
    .leftJoin(applicantPerson, eq(applicantPerson.id, applicant.employeeId))
    .innerJoin(departments, eq(departments.id, approvalInstances.departmentId));
  const counted = db.select({ value: count() }).from(mine ? approvalInstances : approvalTasks);
  const countJoined = mine
    ? counted
    : counted.innerJoin(approvalInstances, eq(approvalInstances.id, approvalTasks.instanceId));
  const order =
    query.scope === 'done'
      ? [desc(approvalTasks.decidedAt), desc(approvalTasks.id)]
      : query.scope === 'todo'
        ? [asc(approvalTasks.createdAt), asc(approvalTasks.id)]
        : [desc(approvalInstances.createdAt), desc(approvalInstances.id)];
  const [rows, [total]] = await Promise.all([
    joined
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(offsetOf(query)),
    countJoined.where(where),
  ]);
  return {
    data: rows.map((row): TaskRow => ({
      id: row.instance.id,
      task_id: row.taskId,
      business_type: row.instance.businessType as TaskRow['business_type'],
      title: row.instance.title,
      applicant_name: row.applicantName,
      department_name: row.departmentName,
      status: row.instance.status,
      current_node_name:
        row.instance.currentNode === null
          ? null
          : (row.instance.nodes[row.instance.currentNode]?.name ?? null),
      decision: row.decision,
      decided_at: row.decidedAt?.toISOString() ?? null,
      created_at: row.instance.createdAt.toISOString(),
      finished_at: row.instance.finishedAt?.toISOString() ?? null,
    })),
    total: total!.value,
  };
}

/** The numbers on the approval pages' tabs and the dashboard: open tasks, decided tasks, own requests. */
export async function taskCounts(db: Database, userId: number, visible: readonly TaskScope[]) {
  const counts = await Promise.all(
    (['todo', 'done', 'mine'] as const).map(async (scope) => {
      if (!visible.includes(scope)) return 0;
      const where = scopeFilter(scope, userId);
      const query =
        scope === 'mine'
          ? db.select({ value: count() }).from(approvalInstances)
          : db
              .select({ value: count() })
              .from(approvalTasks)
              .innerJoin(approvalInstances, eq(approvalInstances.id, approvalTasks.instanceId));
      const [row] = await query.where(where);
      return row!.value;
    }),
  );
  return { todo: counts[0]!, done: counts[1]!, mine: counts[2]! };
}

/**
 * The whole record of an instance: its nodes with every task, and the timeline. Only its applicant and the
 * people it was sent to may read it (others get 404, as for any record outside their reach).
 */
export async function instanceDetailOf(
  db: Database,
  engine: Pick<ApprovalEngine, 'factsOf'>,
  userId: number,
  id: number,
): Promise<InstanceDetail> {
  const [head] = await db
    .select({
      instance: approvalInstances,
      applicantName: accountNameOf(applicant, applicantPerson),
      departmentName: departments.name,
    })
    .from(approvalInstances)
    .innerJoin(applicant, eq(applicant.id, approvalInstances.applicantUserId))
    .leftJoin(applicantPerson, eq(applicantPerson.id, applicant.employeeId))
    .innerJoin(departments, eq(departments.id, approvalInstances.departmentId))
    .where(eq(approvalInstances.id, id));
  if (!head) throw notFound(engineMessages.instanceNotFound);
  const approver = aliasedTable(users, 'approver');
  const approverPerson = aliasedTable(employees, 'approver_person');
  const actor = aliasedTable(users, 'actor');
  const actorPerson = aliasedTable(employees, 'actor_person');
  const [tasks, events] = await Promise.all([
    db
      .select({ task: approvalTasks, name: accountNameOf(approver, approverPerson) })
      .from(approvalTasks)
      .innerJoin(approver, eq(approver.id, approvalTasks.approverUserId))
      .leftJoin(approverPerson, eq(approverPerson.id, approver.employeeId))
      .where(eq(approvalTasks.instanceId, id))
      .orderBy(asc(approvalTasks.nodeIndex), asc(approvalTasks.id)),
    db
      .select({ event: approvalEvents, name: accountNameOf(actor, actorPerson) })
      .from(approvalEvents)
      .leftJoin(actor, eq(actor.id, approvalEvents.actorUserId))
      .leftJoin(actorPerson, eq(actorPerson.id, actor.employeeId))
      .where(eq(approvalEvents.instanceId, id))
      .orderBy(asc(approvalEvents.id)),
  ]);
  const { instance } = head;
  const isApplicant = instance.applicantUserId === userId;
  if (!isApplicant && !tasks.some(({ task }) => task.approverUserId === userId))
    throw notFound(engineMessages.instanceNotFound);
  const facts = await engine.factsOf(db, instance);
  const myOpenTask = tasks.find(
    ({ task }) =>
      task.approverUserId === userId && task.status === 'pending' && task.nodeIndex === instance.currentNode,
  );
  return {
    id: instance.id,
    business_type: instance.businessType as InstanceDetail['business_type'],
    title: instance.title,
    status: instance.status,
    form: instance.form,
    facts,
    applicant: { id: instance.applicantUserId, name: head.applicantName },
    department: { id: instance.departmentId, name: head.departmentName },
    current_node: instance.currentNode,
    created_at: instance.createdAt.toISOString(),
    finished_at: instance.finishedAt?.toISOString() ?? null,
    nodes: instance.nodes.map((node, index) => ({
      ...node,
      tasks: tasks
        .filter(({ task }) => task.nodeIndex === index)
        .map(({ task, name }) => ({
          id: task.id,
          approver: { id: task.approverUserId, name },
          status: task.status,
          comment: task.comment,
          decided_at: task.decidedAt?.toISOString() ?? null,
        })),
    })),
    timeline: events.map(({ event, name }) => ({
      id: event.id,
      action: event.action,
      node_index: event.nodeIndex,
      node_name: event.nodeIndex === null ? null : (instance.nodes[event.nodeIndex]?.name ?? null),
      actor: event.actorUserId === null ? null : { id: event.actorUserId, name },
      comment: event.comment,
      created_at: event.createdAt.toISOString(),
    })),
    actions: {
      task_id: myOpenTask?.task.id ?? null,
      can_withdraw: isApplicant && instance.status === 'pending',
    },
  };
}

/**
 * Whether the user was sent a task on the approval (decided or not): an approver may read the record they
 * decide on even outside their data scope, since the flow chose them.
 */
export async function wasSentTask(db: Database, userId: number, instanceId: number | null): Promise<boolean> {
  if (instanceId === null) return false;
  const [task] = await db
    .select({ id: approvalTasks.id })
    .from(approvalTasks)
    .where(and(eq(approvalTasks.instanceId, instanceId), eq(approvalTasks.approverUserId, userId)))
    .limit(1);
  return task !== undefined;
}

/**
 * Records (by the column holding their approval instance) whose approval sent `userId` a task: still open with
 * `open`, else decided or not. A business's list of what waits for the caller, and its read of a record an
 * approver may see outside their scope.
 */
export const taskSentTo = (instanceId: AnyPgColumn, userId: number, { open = false } = {}): SQL =>
  open
    ? sql`exists (select 1 from ${approvalTasks} where ${approvalTasks.instanceId} = ${instanceId}
        and ${approvalTasks.approverUserId} = ${userId} and ${approvalTasks.status} = 'pending')`
    : sql`exists (select 1 from ${approvalTasks} where ${approvalTasks.instanceId} = ${instanceId}
        and ${approvalTasks.approverUserId} = ${userId})`;

/** A record's approval as its detail shows it: the instance, its status, and the caller's open task on it. */
export async function approvalStateOf(
  db: Database,
  instanceId: number | null,
  userId: number,
): Promise<{ instance_id: number; status: string; task_id: number | null } | null> {
  if (instanceId === null) return null;
  const [row] = await db
    .select({ instanceId: approvalInstances.id, status: approvalInstances.status, taskId: approvalTasks.id })
    .from(approvalInstances)
    .leftJoin(
      approvalTasks,
      and(
        eq(approvalTasks.instanceId, approvalInstances.id),
        eq(approvalTasks.approverUserId, userId),
        eq(approvalTasks.status, 'pending'),
      ),
    )
    .where(eq(approvalInstances.id, instanceId));
  return row ? { instance_id: row.instanceId, status: row.status, task_id: row.taskId ?? null } : null;
}
