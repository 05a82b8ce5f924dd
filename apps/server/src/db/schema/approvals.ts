import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  APPROVAL_ACTIONS,
  APPROVAL_STATUSES,
  TASK_STATUSES,
  type FlowNode,
} from '@dealer-hr/shared/approvals/rules';
import { id, timestamps } from './columns';
import { departments } from './organisation';
import { users } from './system';

/**
 * An approval flow of one business type. With a department it covers that department's records and those
 * below it; the most specific flow (the deepest department) wins, and one without a department covers the rest.
 */
export const approvalFlows = pgTable(
  'approval_flows',
  {
    id: id(),
    businessType: text().notNull(),
    name: text().notNull(),
    departmentId: integer().references(() => departments.id),
    /** Ordered nodes; an instance keeps its own copy, so editing a flow never changes a running approval. */
    nodes: jsonb().$type<FlowNode[]>().notNull(),
    status: text({ enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    remark: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex('approval_flows_scope_key').on(t.businessType, sql`coalesce(${t.departmentId}, 0)`)],
);

/** One business record going through a flow: the flow's nodes as they were at submission, and where it stands. */
export const approvalInstances = pgTable(
  'approval_instances',
  {
    id: id(),
    flowId: integer().references(() => approvalFlows.id),
    businessType: text().notNull(),
    businessId: integer().notNull(),
    title: text().notNull(),
    applicantUserId: integer()
      .notNull()
      .references(() => users.id),
    /** The department the record concerns: approvers (post holders, leaders) are found from it. */
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    /**
     * The department a record moves someone to (a transfer's, a dispatch's host): nodes on the `target` side
     * find their approvers from it, so the old and the new store can both approve.
     */
    targetDepartmentId: integer().references(() => departments.id),
    /** The business fields shown in the detail and tested by node conditions. */
    form: jsonb().$type<Record<string, unknown>>().notNull(),
    nodes: jsonb().$type<FlowNode[]>().notNull(),
    /** Index of the node whose tasks are open; null once the instance is finished. */
    currentNode: smallint(),
    status: text({ enum: APPROVAL_STATUSES }).notNull().default('pending'),
    finishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('approval_instances_business_idx').on(t.businessType, t.businessId),
    index('approval_instances_applicant_idx').on(t.applicantUserId),
    // A record is in at most one running approval.
    uniqueIndex('approval_instances_running_key')
      .on(t.businessType, t.businessId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** One approver's part in one node. */
export const approvalTasks = pgTable(
  'approval_tasks',
  {
    id: id(),
    instanceId: integer()
      .notNull()
      .references(() => approvalInstances.id),
    nodeIndex: smallint().notNull(),
    approverUserId: integer()
      .notNull()
      .references(() => users.id),
    status: text({ enum: TASK_STATUSES }).notNull().default('pending'),
    comment: text(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_tasks_node_approver_key').on(t.instanceId, t.nodeIndex, t.approverUserId),
    index('approval_tasks_approver_idx').on(t.approverUserId, t.status),
  ],
);

/** The timeline: the permanent record of who did what, and of every node the engine passed over and why. */
export const approvalEvents = pgTable(
  'approval_events',
  {
    id: id(),
    instanceId: integer()
      .notNull()
      .references(() => approvalInstances.id),
    nodeIndex: smallint(),
    actorUserId: integer().references(() => users.id),
    action: text({ enum: APPROVAL_ACTIONS }).notNull(),
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_events_instance_idx').on(t.instanceId)],
);

/** A user's notifications: written by the approval engine and by later modules, read on the messages page. */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** What happened, e.g. `approval_task`, `approval_approved`, `approval_rejected`. */
    kind: text().notNull(),
    title: text().notNull(),
    content: text().notNull(),
    /** The web path of the record the message is about. */
    link: text(),
    /**
     * The approval a task message asks the user to decide: while the user has no pending task on it any
     * more, the message shows as done and counts as read (modules/messages).
     */
    instanceId: integer().references((): AnyPgColumn => approvalInstances.id),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.readAt)],
);
