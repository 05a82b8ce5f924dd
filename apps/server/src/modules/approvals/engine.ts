import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import {
  approvalBusinessNames,
  conditionHolds,
  type ApprovalBusinessType,
  type FlowNode,
} from '@dealer-hr/shared/approvals/rules';
import type { ApprovalFact } from '@dealer-hr/shared/approvals/contract';
import type { Database } from '../../db/client';
import {
  approvalEvents,
  approvalFlows,
  approvalInstances,
  approvalTasks,
  departments,
} from '../../db/schema';
import type { AuditActor } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { onUniqueViolation } from '../../lib/pg-errors';
import { notify } from '../messages';
import { approversOf, loadApproverDirectory } from './approvers';

export type ApprovalInstance = typeof approvalInstances.$inferSelect;

/** Who settled an approval and what they said: the business hooks audit the effect in their name. */
export interface Decision {
  actor: AuditActor;
  comment: string | null;
}

/**
 * What a business module (onboarding, transfer, leave...) gives the engine. The hooks run inside the engine's
 * transaction: an error in `onApproved` rolls the whole approval back, so there is never a half-approved record.
 */
export interface ApprovalBusiness {
  type: ApprovalBusinessType;
  /** The web path of the record (messages link to it). */
  link(instance: ApprovalInstance): string;
  onApproved(tx: Database, instance: ApprovalInstance, decision: Decision): Promise<void>;
  /** The record goes back to its owner (e.g. onboarding's `refill`, with the approver's comment). */
  onRejected?(tx: Database, instance: ApprovalInstance, decision: Decision): Promise<void>;
  onWithdrawn?(tx: Database, instance: ApprovalInstance, decision: Decision): Promise<void>;
  /**
   * What the approver needs to decide, read from the record: labelled facts (ID numbers masked, codes with their
   * names). A business without them shows only the approval's own fields.
   */
  facts?(db: Database, instance: ApprovalInstance): Promise<ApprovalFact[]>;
}

export interface Submission {
  businessType: ApprovalBusinessType;
  businessId: number;
  title: string;
  applicantUserId: number;
  /** The department the record concerns: it chooses the flow and the approvers. */
  departmentId: number;
  /** Where the record moves the person (a transfer's new department): `target` nodes' approvers come from it. */
  targetDepartmentId?: number | null;
  form: Record<string, unknown>;
  /** The request that submits, for the audit of an approval that completes at once (every node skipped). */
  actor?: AuditActor;
}

export const engineMessages = {
  noFlow: (type: ApprovalBusinessType) => `${approvalBusinessNames[type]}未配置审批流程，请联系管理员`,
  running: '该记录已在审批中',
  taskNotFound: '审批任务不存在',
  taskSettled: '该审批任务已处理',
  ownRequest: '不能审批自己发起的申请',
  instanceNotFound: '审批记录不存在',
  notPending: '该申请已结束，不能撤回',
  conditionSkipped: '条件不满足，跳过该节点',
  nobodySkipped: '未找到审批人，按规则跳过该节点',
} as const;

/** The flow for a record: the active flow of its type whose department is the nearest above (or at) it. */
async function flowFor(tx: Database, type: ApprovalBusinessType, departmentId: number) {
  const [department] = await tx
    .select({ path: departments.path })
    .from(departments)
    .where(eq(departments.id, departmentId));
  if (!department) throw notFound('部门不存在');
  const [flow] = await tx
    .select({ id: approvalFlows.id, nodes: approvalFlows.nodes })
    .from(approvalFlows)
    .leftJoin(departments, eq(departments.id, approvalFlows.departmentId))
    .where(
      and(
        eq(approvalFlows.businessType, type),
        eq(approvalFlows.status, 'active'),
        or(isNull(approvalFlows.departmentId), sql`${department.path} like ${departments.path} || '%'`),
      ),
    )
    .orderBy(sql`length(${departments.path}) desc nulls last`)
    .limit(1);
  return flow;
}

export type ApprovalEngine = ReturnType<typeof createApprovalEngine>;

/** The one service business modules submit records to; the task routes decide through it. */
export function createApprovalEngine(list: readonly ApprovalBusiness[]) {
  const businesses = new Map<string, ApprovalBusiness>();
  for (const business of list) {
    // Two modules answering for one type would leave one of them silently unheard.
    if (businesses.has(business.type))
      throw new Error(`Approval business ${business.type} is registered twice`);
    businesses.set(business.type, business);
  }
  const businessOf = (type: string): ApprovalBusiness => {
    const business = businesses.get(type);
    if (!business) throw new Error(`No approval business is registered for ${type}`);
    return business;
  };
  const labelOf = (instance: ApprovalInstance) =>
    `${approvalBusinessNames[instance.businessType as ApprovalBusinessType] ?? instance.businessType}：${instance.title}`;

  async function record(
    tx: Database,
    instance: ApprovalInstance,
    event: {
      action: (typeof approvalEvents.$inferInsert)['action'];
      nodeIndex?: number | null;
      actorUserId?: number | null;
      comment?: string | null;
    },
  ) {
    await tx.insert(approvalEvents).values({ instanceId: instance.id, ...event });
  }

  /**
   * Opens the first node from `from` on that applies to the record and has someone to ask; a node whose
   * condition does not hold, or that resolves to nobody but the applicant, is passed over and the timeline says
   * so. With no node left the instance is approved.
   */
  async function advance(
    tx: Database,
    instance: ApprovalInstance,
    from: number,
    actor: AuditActor,
  ): Promise<ApprovalInstance> {
    const nodes = instance.nodes;
    const directory = await loadApproverDirectory(tx, nodes.slice(from));
    for (let index = from; index < nodes.length; index += 1) {
      const node = nodes[index]!;
      if (!conditionHolds(node.condition, instance.form)) {
        await record(tx, instance, {
          action: 'skip',
          nodeIndex: index,
          comment: engineMessages.conditionSkipped,
        });
        continue;
      }
      // Nobody approves their own request: the applicant is never given a task.
      const departmentId =
        node.side === 'target'
          ? (instance.targetDepartmentId ?? instance.departmentId)
          : instance.departmentId;
      const approvers = approversOf(directory, node, departmentId).filter(
        (userId) => userId !== instance.applicantUserId,
      );
      if (approvers.length === 0) {
        await record(tx, instance, {
          action: 'skip',
          nodeIndex: index,
          comment: engineMessages.nobodySkipped,
        });
        continue;
      }
      await tx
        .insert(approvalTasks)
        .values(
          approvers.map((approverUserId) => ({ instanceId: instance.id, nodeIndex: index, approverUserId })),
        );
      const [opened] = await tx
        .update(approvalInstances)
        .set({ currentNode: index })
        .where(eq(approvalInstances.id, instance.id))
        .returning();
      await notify(tx, approvers, {
        kind: 'approval_task',
        title: `待审批：${labelOf(instance)}`,
        content: `节点「${node.name}」等待您审批`,
        link: `/approval/todo?instance=${instance.id}`,
        instanceId: instance.id,
      });
      return opened!;
    }
    return finish(tx, instance, 'approved', { actor, comment: null });
  }

  async function finish(
    tx: Database,
    instance: ApprovalInstance,
    status: 'approved' | 'rejected' | 'withdrawn',
    decision: Decision,
  ): Promise<ApprovalInstance> {
    await tx
      .update(approvalTasks)
      .set({ status: 'cancelled' })
      .where(and(eq(approvalTasks.instanceId, instance.id), eq(approvalTasks.status, 'pending')));
    const [finished] = await tx
      .update(approvalInstances)
      .set({ status, currentNode: null, finishedAt: new Date() })
      .where(eq(approvalInstances.id, instance.id))
      .returning();
    const business = businessOf(instance.businessType);
    if (status === 'approved') {
      await record(tx, finished!, { action: 'complete' });
      await business.onApproved(tx, finished!, decision);
    } else if (status === 'rejected') {
      await business.onRejected?.(tx, finished!, decision);
    } else {
      await business.onWithdrawn?.(tx, finished!, decision);
    }
    if (status !== 'withdrawn') {
      await notify(tx, [instance.applicantUserId], {
        kind: `approval_${status}`,
        title: `${status === 'approved' ? '审批通过' : '审批驳回'}：${labelOf(instance)}`,
        content:
          status === 'approved'
            ? '您的申请已审批通过'
            : `您的申请已被驳回${decision.comment ? `：${decision.comment}` : ''}`,
        link: business.link(finished!),
      });
    }
    return finished!;
  }

  /** Locks the instance row: concurrent decisions on one instance run one after the other. */
  async function lockInstance(tx: Database, id: number): Promise<ApprovalInstance | undefined> {
    const [instance] = await tx
      .select()
      .from(approvalInstances)
      .where(eq(approvalInstances.id, id))
      .for('update');
    return instance;
  }

  return {
    /** What the record's business tells the approver; nothing for a type no module answers for any more. */
    async factsOf(db: Database, instance: ApprovalInstance): Promise<ApprovalFact[]> {
      return (await businesses.get(instance.businessType)?.facts?.(db, instance)) ?? [];
    },

    /** Whether records of `type` at `departmentId` go through an approval (a business may act at once if not). */
    async hasFlow(tx: Database, type: ApprovalBusinessType, departmentId: number): Promise<boolean> {
      return (await flowFor(tx, type, departmentId)) !== undefined;
    },

    /** Snapshots the record's flow into an instance and opens its first node; call inside the record's transaction. */
    async submit(tx: Database, submission: Submission): Promise<ApprovalInstance> {
      businessOf(submission.businessType);
      const flow = await flowFor(tx, submission.businessType, submission.departmentId);
      if (!flow) throw conflict(engineMessages.noFlow(submission.businessType));
      const [running] = await tx
        .select({ id: approvalInstances.id })
        .from(approvalInstances)
        .where(
          and(
            eq(approvalInstances.businessType, submission.businessType),
            eq(approvalInstances.businessId, submission.businessId),
            eq(approvalInstances.status, 'pending'),
          ),
        );
      if (running) throw conflict(engineMessages.running);
      // A submission racing this one: the index of running approvals refuses the second.
      const [instance] = await onUniqueViolation(
        () => conflict(engineMessages.running),
        () =>
          tx
            .insert(approvalInstances)
            .values({ ...submission, flowId: flow.id, nodes: flow.nodes as FlowNode[] })
            .returning(),
      );
      await record(tx, instance!, { action: 'submit', actorUserId: submission.applicantUserId });
      const actor = submission.actor ?? { userId: submission.applicantUserId, ip: '', requestId: '' };
      return advance(tx, instance!, 0, actor);
    },

    /** An approver's decision on their task; exactly one decision wins when several arrive at once. */
    async decide(
      db: Database,
      actor: AuditActor & { userId: number },
      taskId: number,
      decision: 'approve' | 'reject',
      comment: string | null,
    ): Promise<ApprovalInstance> {
      const actorUserId = actor.userId;
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ instanceId: approvalTasks.instanceId })
          .from(approvalTasks)
          .where(and(eq(approvalTasks.id, taskId), eq(approvalTasks.approverUserId, actorUserId)));
        if (!found) throw notFound(engineMessages.taskNotFound);
        const instance = (await lockInstance(tx, found.instanceId))!;
        // Read again under the lock: a decision that committed meanwhile is seen here.
        const [task] = await tx.select().from(approvalTasks).where(eq(approvalTasks.id, taskId));
        if (
          task!.status !== 'pending' ||
          instance.status !== 'pending' ||
          instance.currentNode !== task!.nodeIndex
        )
          throw conflict(engineMessages.taskSettled);
        // The applicant never holds a task on their own request; this guards tasks made by hand or by later rules.
        if (instance.applicantUserId === actorUserId) throw conflict(engineMessages.ownRequest);
        await tx
          .update(approvalTasks)
          .set({ status: decision === 'approve' ? 'approved' : 'rejected', comment, decidedAt: new Date() })
          .where(eq(approvalTasks.id, taskId));
        await record(tx, instance, { action: decision, nodeIndex: task!.nodeIndex, actorUserId, comment });
        if (decision === 'reject') return finish(tx, instance, 'rejected', { actor, comment });

        const node = instance.nodes[task!.nodeIndex]!;
        if (node.mode === 'all') {
          const [open] = await tx
            .select({ id: approvalTasks.id })
            .from(approvalTasks)
            .where(
              and(
                eq(approvalTasks.instanceId, instance.id),
                eq(approvalTasks.nodeIndex, task!.nodeIndex),
                eq(approvalTasks.status, 'pending'),
              ),
            )
            .limit(1);
          if (open) return instance;
        } else {
          await tx
            .update(approvalTasks)
            .set({ status: 'cancelled' })
            .where(
              and(
                eq(approvalTasks.instanceId, instance.id),
                eq(approvalTasks.nodeIndex, task!.nodeIndex),
                ne(approvalTasks.id, taskId),
                eq(approvalTasks.status, 'pending'),
              ),
            );
        }
        return advance(tx, instance, task!.nodeIndex + 1, actor);
      });
    },

    /**
     * The business ended its record while the approval ran (a transfer cancelled by its filer): the approval
     * stops as withdrawn, inside the business's transaction, without handing the record back (the business
     * has decided what becomes of it); the approvers still asked are told.
     */
    async stop(
      tx: Database,
      actor: AuditActor & { userId: number },
      instanceId: number,
      comment: string | null,
    ) {
      const instance = await lockInstance(tx, instanceId);
      if (!instance || instance.status !== 'pending') return;
      const open = await tx
        .select({ userId: approvalTasks.approverUserId })
        .from(approvalTasks)
        .where(and(eq(approvalTasks.instanceId, instanceId), eq(approvalTasks.status, 'pending')));
      await record(tx, instance, {
        action: 'withdraw',
        nodeIndex: instance.currentNode,
        actorUserId: actor.userId,
        comment,
      });
      await tx
        .update(approvalTasks)
        .set({ status: 'cancelled' })
        .where(and(eq(approvalTasks.instanceId, instanceId), eq(approvalTasks.status, 'pending')));
      await tx
        .update(approvalInstances)
        .set({ status: 'withdrawn', currentNode: null, finishedAt: new Date() })
        .where(eq(approvalInstances.id, instanceId));
      await notify(
        tx,
        open.map((row) => row.userId),
        {
          kind: 'approval_withdrawn',
          title: `已撤回：${labelOf(instance)}`,
          content: '该申请已取消，无需再审批',
          link: businessOf(instance.businessType).link(instance),
        },
      );
    },

    /** The applicant takes a pending request back; its open tasks are cancelled. */
    async withdraw(
      db: Database,
      actor: AuditActor & { userId: number },
      instanceId: number,
      comment: string | null,
    ) {
      const actorUserId = actor.userId;
      return db.transaction(async (tx) => {
        const instance = await lockInstance(tx, instanceId);
        if (!instance || instance.applicantUserId !== actorUserId)
          throw notFound(engineMessages.instanceNotFound);
        if (instance.status !== 'pending') throw conflict(engineMessages.notPending);
        const open = await tx
          .select({ userId: approvalTasks.approverUserId })
          .from(approvalTasks)
          .where(and(eq(approvalTasks.instanceId, instanceId), eq(approvalTasks.status, 'pending')));
        await record(tx, instance, {
          action: 'withdraw',
          nodeIndex: instance.currentNode,
          actorUserId,
          comment,
        });
        const withdrawn = await finish(tx, instance, 'withdrawn', { actor, comment });
        await notify(
          tx,
          open.map((row) => row.userId),
          {
            kind: 'approval_withdrawn',
            title: `已撤回：${labelOf(instance)}`,
            content: '申请人已撤回该申请，无需再审批',
            link: businessOf(instance.businessType).link(withdrawn),
          },
        );
        return withdrawn;
      });
    },
  };
}
