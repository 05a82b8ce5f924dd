import { and, asc, count, eq, inArray, isNull, like, ne, sql, type SQL } from 'drizzle-orm';
import type { FlowNode } from '@dealer-hr/shared/approvals/rules';
import { ErrorCode } from '@dealer-hr/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import {
  approvalFlows,
  approvalInstances,
  departments,
  posts,
  roles,
  users,
  employees,
} from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors';
import { likeContains, offsetOf, type Paging } from '../../lib/paging';
import { onForeignKeyViolation, onUniqueViolation } from '../../lib/pg-errors';
import { accountNameOf } from '../../core/account-name';
import { approversOf, loadApproverDirectory } from './approvers';
import type { flowGap, flowRow, FlowStoreBody } from '@dealer-hr/shared/approvals/contract';
import { flowMessages } from '@dealer-hr/shared/approvals/rules';

type FlowRow = z.infer<typeof flowRow>;
type FlowGap = z.infer<typeof flowGap>;
type FlowRecord = typeof approvalFlows.$inferSelect;

/** How many departments of a gap the editor lists by name. */
const GAP_NAMES = 10;

const toRow = (flow: FlowRecord, departmentName: string | null): FlowRow => ({
  id: flow.id,
  business_type: flow.businessType as FlowRow['business_type'],
  name: flow.name,
  department_id: flow.departmentId,
  department_name: departmentName,
  nodes: flow.nodes,
  status: flow.status,
  remark: flow.remark,
  updated_at: flow.updatedAt.toISOString(),
});

export interface FlowListQuery extends Paging {
  business_type?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  keyword?: string | undefined;
}

export async function listFlows(db: Database, query: FlowListQuery) {
  const filters: SQL[] = [];
  if (query.business_type) filters.push(eq(approvalFlows.businessType, query.business_type));
  if (query.status) filters.push(eq(approvalFlows.status, query.status));
  if (query.keyword) filters.push(like(approvalFlows.name, likeContains(query.keyword)));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ flow: approvalFlows, departmentName: departments.name })
      .from(approvalFlows)
      .leftJoin(departments, eq(departments.id, approvalFlows.departmentId))
      .where(where)
      .orderBy(asc(approvalFlows.businessType), sql`${departments.path} nulls first`, asc(approvalFlows.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(approvalFlows).where(where),
  ]);
  return { data: rows.map((row) => toRow(row.flow, row.departmentName)), total: total!.value };
}

/**
 * The departments of the flow's scope that find nobody at a node, per node. Records of such a department pass
 * that node over (the engine's rule), so the editor shows them before the flow is saved.
 */
export async function gapsOf(
  db: Database,
  flow: { department_id?: number | null | undefined; nodes: FlowNode[] },
): Promise<FlowGap[]> {
  const directory = await loadApproverDirectory(db, flow.nodes);
  const root = flow.department_id ? directory.departments.get(flow.department_id) : undefined;
  const scope = [...directory.departments.values()]
    .filter(
      (department) => department.status === 'active' && (!root || department.path.startsWith(root.path)),
    )
    .sort((a, b) => a.path.localeCompare(b.path));
  return flow.nodes.flatMap((node, index) => {
    const nobody = scope.filter((department) => approversOf(directory, node, department.id).length === 0);
    if (nobody.length === 0) return [];
    return [
      {
        node_index: index,
        node_name: node.name,
        count: nobody.length,
        departments: nobody.slice(0, GAP_NAMES).map(({ id, name }) => ({ id, name })),
      },
    ];
  });
}

/** Every role, post and user a node names exists and is usable; the department of the scope too. */
async function assertReferences(db: Database, body: FlowStoreBody): Promise<void> {
  if (body.department_id) {
    const [department] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, body.department_id), eq(departments.status, 'active')));
    if (!department)
      throw validationFailed([{ field: 'department_id', message: flowMessages.departmentInvalid }]);
  }
  const tables = {
    role: { table: roles, active: eq(roles.status, 'active'), message: flowMessages.rolesInvalid },
    post: { table: posts, active: eq(posts.status, 'active'), message: flowMessages.postsInvalid },
    users: {
      table: users,
      active: and(eq(users.status, 'active'), isNull(users.deletedAt)),
      message: flowMessages.usersInvalid,
    },
  } as const;
  for (const [index, node] of body.nodes.entries()) {
    if (node.approver_type === 'leader') continue;
    const { table, active, message } = tables[node.approver_type];
    const [found] = await db
      .select({ value: count() })
      .from(table)
      .where(and(inArray(table.id, node.approver_ids), active));
    if (found!.value !== node.approver_ids.length)
      throw validationFailed([{ field: `nodes.${index}.approver_ids`, message }]);
  }
}

const scopeTaken = () =>
  conflict(flowMessages.scopeTaken, {
    errors: [{ field: 'department_id', message: flowMessages.scopeTaken }],
  });

async function assertScopeFree(db: Database, body: FlowStoreBody, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: approvalFlows.id })
    .from(approvalFlows)
    .where(
      and(
        eq(approvalFlows.businessType, body.business_type),
        body.department_id
          ? eq(approvalFlows.departmentId, body.department_id)
          : isNull(approvalFlows.departmentId),
        exceptId === undefined ? undefined : ne(approvalFlows.id, exceptId),
      ),
    );
  if (taken) throw scopeTaken();
}

/** Refuses a flow with gaps unless the editor has shown them and the user accepted (`accept_gaps`). */
async function assertGapsAccepted(db: Database, body: FlowStoreBody): Promise<void> {
  if (body.accept_gaps || body.status === 'disabled') return;
  const gaps = await gapsOf(db, body);
  if (gaps.length > 0)
    throw new AppError(ErrorCode.VALIDATION, flowMessages.gaps, {
      errors: [{ field: 'nodes', message: flowMessages.gaps }],
      gaps,
    });
}

const fieldsOf = (body: FlowStoreBody) => ({
  businessType: body.business_type,
  name: body.name,
  departmentId: body.department_id ?? null,
  nodes: body.nodes,
  status: body.status,
  remark: body.remark ?? null,
});

const auditOf = (flow: FlowRecord) => ({
  businessType: flow.businessType,
  name: flow.name,
  departmentId: flow.departmentId,
  nodes: flow.nodes,
  status: flow.status,
  remark: flow.remark,
});

async function rowOf(db: Database, id: number): Promise<FlowRow> {
  const [row] = await db
    .select({ flow: approvalFlows, departmentName: departments.name })
    .from(approvalFlows)
    .leftJoin(departments, eq(departments.id, approvalFlows.departmentId))
    .where(eq(approvalFlows.id, id));
  if (!row) throw notFound(flowMessages.notFound);
  return toRow(row.flow, row.departmentName);
}

export async function createFlow(db: Database, actor: AuditActor, body: FlowStoreBody): Promise<FlowRow> {
  // Two editors saving the same scope at once: the unique index refuses the second.
  const id = await onUniqueViolation(scopeTaken, () =>
    db.transaction(async (tx) => {
      await assertReferences(tx, body);
      await assertScopeFree(tx, body);
      await assertGapsAccepted(tx, body);
      const [flow] = await tx.insert(approvalFlows).values(fieldsOf(body)).returning();
      await writeAudit(tx, actor, {
        entity: 'approval_flow',
        entityId: flow!.id,
        action: 'create',
        after: auditOf(flow!),
      });
      return flow!.id;
    }),
  );
  return rowOf(db, id);
}

/** Running approvals keep the nodes they were submitted with; the change applies to new submissions. */
export async function updateFlow(
  db: Database,
  actor: AuditActor,
  body: FlowStoreBody & { id: number },
): Promise<FlowRow> {
  await onUniqueViolation(scopeTaken, () =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(approvalFlows)
        .where(eq(approvalFlows.id, body.id))
        .for('update');
      if (!before) throw notFound(flowMessages.notFound);
      await assertReferences(tx, body);
      await assertScopeFree(tx, body, body.id);
      await assertGapsAccepted(tx, body);
      const [after] = await tx
        .update(approvalFlows)
        .set(fieldsOf(body))
        .where(eq(approvalFlows.id, body.id))
        .returning();
      await writeAudit(tx, actor, {
        entity: 'approval_flow',
        entityId: body.id,
        action: 'update',
        before: auditOf(before),
        after: auditOf(after!),
      });
    }),
  );
  return rowOf(db, body.id);
}

/** A flow that has been used stays, as the record of what instances were submitted to: disable it instead. */
export async function destroyFlow(db: Database, actor: AuditActor, id: number): Promise<void> {
  // An approval submitted meanwhile references the flow: the foreign key refuses the delete.
  await onForeignKeyViolation(
    () => conflict(flowMessages.inUse),
    () =>
      db.transaction(async (tx) => {
        const [before] = await tx.select().from(approvalFlows).where(eq(approvalFlows.id, id)).for('update');
        if (!before) throw notFound(flowMessages.notFound);
        const [used] = await tx
          .select({ id: approvalInstances.id })
          .from(approvalInstances)
          .where(eq(approvalInstances.flowId, id))
          .limit(1);
        if (used) throw conflict(flowMessages.inUse);
        await tx.delete(approvalFlows).where(eq(approvalFlows.id, id));
        await writeAudit(tx, actor, {
          entity: 'approval_flow',
          entityId: id,
          action: 'delete',
          before: auditOf(before),
        });
      }),
  );
}

/** The roles, posts and users the editor's approver selects offer (active ones only). */
export async function approverChoices(db: Database) {
  const [roleRows, postRows, userRows] = await Promise.all([
    db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(eq(roles.status, 'active'))
      .orderBy(asc(roles.id)),
    db
      .select({ id: posts.id, name: posts.name })
      .from(posts)
      .where(eq(posts.status, 'active'))
      .orderBy(asc(posts.sort), asc(posts.id)),
    db
      .select({
        id: users.id,
        name: accountNameOf(),
        username: users.username,
      })
      .from(users)
      .leftJoin(employees, eq(employees.id, users.employeeId))
      .where(and(eq(users.status, 'active'), isNull(users.deletedAt)))
      .orderBy(asc(users.id)),
  ]);
  return { roles: roleRows, posts: postRows, users: userRows };
}
