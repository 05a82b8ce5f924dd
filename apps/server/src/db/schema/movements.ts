import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DISPATCH_STATUSES } from '@dealer-hr/shared/dispatch/rules';
import { ROTATION_PLAN_STATUSES, ROTATION_STAGE_STATUSES } from '@dealer-hr/shared/rotation/rules';
import { approvalInstances } from './approvals';
import { id, timestamps } from './columns';
import { departments, posts, stores } from './organisation';
import { assignments, employees } from './people';
import { users } from './system';

/**
 * A dispatch: the person keeps their main post (`home_*`, as it was when filed) and, from the first day to
 * the last, also holds a post at the host store (an assignment of kind `dispatch`, started and ended by the
 * daily job). An extension asks the `dispatch` flow again; until it is decided `extension_end_date` holds the
 * end asked for.
 */
export const dispatches = pgTable(
  'dispatches',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    homeAssignmentId: integer()
      .notNull()
      .references(() => assignments.id),
    homeDepartmentId: integer()
      .notNull()
      .references(() => departments.id),
    homeStoreId: integer().references(() => stores.id),
    homePostId: integer()
      .notNull()
      .references(() => posts.id),
    hostDepartmentId: integer()
      .notNull()
      .references(() => departments.id),
    hostStoreId: integer()
      .notNull()
      .references(() => stores.id),
    hostPostId: integer()
      .notNull()
      .references(() => posts.id),
    startDate: date().notNull(),
    /** The last day at the host store. */
    endDate: date().notNull(),
    reason: text().notNull(),
    allowanceNote: text(),
    status: text({ enum: DISPATCH_STATUSES }).notNull(),
    extensionEndDate: date(),
    extensionReason: text(),
    returnComment: text(),
    cancelReason: text(),
    instanceId: integer().references(() => approvalInstances.id),
    /** The assignment at the host store, once begun. */
    hostAssignmentId: integer().references(() => assignments.id),
    createdByUserId: integer()
      .notNull()
      .references(() => users.id),
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One open dispatch per person: of two filed at once, the second is refused (409).
    uniqueIndex('dispatches_open_key')
      .on(t.employeeId)
      .where(sql`${t.status} in ('approving', 'returned', 'approved', 'active')`),
    index('dispatches_employee_idx').on(t.employeeId),
    index('dispatches_due_idx')
      .on(t.startDate)
      .where(sql`${t.status} = 'approved'`),
    index('dispatches_ending_idx')
      .on(t.endDate)
      .where(sql`${t.status} = 'active'`),
    index('dispatches_home_store_idx').on(t.homeStoreId),
    index('dispatches_host_store_idx').on(t.hostStoreId),
    index('dispatches_created_idx').on(t.createdAt),
  ],
);

/** A rotation plan for one person; its stages are `rotation_stages`. */
export const rotationPlans = pgTable(
  'rotation_plans',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    title: text().notNull(),
    /** Each stage moves the main post (and it stays at the last); otherwise stages are part-time posts. */
    replacesMain: boolean().notNull().default(false),
    note: text(),
    status: text({ enum: ROTATION_PLAN_STATUSES }).notNull().default('active'),
    cancelReason: text(),
    createdByUserId: integer()
      .notNull()
      .references(() => users.id),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One plan in progress per person.
    uniqueIndex('rotation_plans_active_key')
      .on(t.employeeId)
      .where(sql`${t.status} = 'active'`),
    index('rotation_plans_created_idx').on(t.createdAt),
  ],
);

export const rotationStages = pgTable(
  'rotation_stages',
  {
    id: id(),
    planId: integer()
      .notNull()
      .references(() => rotationPlans.id),
    /** 1, 2, ... in date order. */
    seq: smallint().notNull(),
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    storeId: integer().references(() => stores.id),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    startDate: date().notNull(),
    endDate: date().notNull(),
    mentorEmployeeId: integer().references(() => employees.id),
    status: text({ enum: ROTATION_STAGE_STATUSES }).notNull().default('upcoming'),
    /** The assignment the stage began (the part-time post, or the main post moved there). */
    assignmentId: integer().references(() => assignments.id),
    score: smallint(),
    comment: text(),
    evaluatedByUserId: integer().references(() => users.id),
    evaluatedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('rotation_stages_plan_idx').on(t.planId, t.seq),
    index('rotation_stages_due_idx')
      .on(t.startDate)
      .where(sql`${t.status} = 'upcoming'`),
    index('rotation_stages_ending_idx')
      .on(t.endDate)
      .where(sql`${t.status} = 'current'`),
    index('rotation_stages_store_idx').on(t.storeId),
  ],
);
