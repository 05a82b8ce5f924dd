import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { TRANSFER_STATUSES } from '@dealer-hr/shared/transfers/rules';
import { approvalInstances } from './approvals';
import { id, timestamps } from './columns';
import { departments, posts, stores } from './organisation';
import { assignments, employees } from './people';
import { dictionaryItems, users } from './system';

/**
 * A job transfer: one of a person's assignments (`from_assignment_id`) is to end the day before the effective
 * date and a new one to start on it. Where the person came from is kept as it was when filed (the assignment
 * may be edited by the department tree later); where they go is the filer's choice.
 */
export const jobTransfers = pgTable(
  'job_transfers',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    fromAssignmentId: integer()
      .notNull()
      .references(() => assignments.id),
    fromIsMain: boolean().notNull(),
    fromDepartmentId: integer()
      .notNull()
      .references(() => departments.id),
    fromStoreId: integer().references(() => stores.id),
    fromPostId: integer()
      .notNull()
      .references(() => posts.id),
    toDepartmentId: integer()
      .notNull()
      .references(() => departments.id),
    /** The store above the department (none for a head-office department). */
    toStoreId: integer().references(() => stores.id),
    toPostId: integer()
      .notNull()
      .references(() => posts.id),
    typeId: integer()
      .notNull()
      .references(() => dictionaryItems.id),
    effectiveDate: date().notNull(),
    reason: text().notNull(),
    /** A main post moved: the old one stays as a part-time post instead of ending. */
    keepPartTime: boolean().notNull().default(false),
    attachmentIds: jsonb().$type<number[]>().notNull().default([]),
    status: text({ enum: TRANSFER_STATUSES }).notNull(),
    returnComment: text(),
    cancelReason: text(),
    instanceId: integer().references(() => approvalInstances.id),
    /** The assignment the transfer started, once applied. */
    newAssignmentId: integer().references(() => assignments.id),
    createdByUserId: integer()
      .notNull()
      .references(() => users.id),
    appliedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One open transfer per person: of two filed at once, the second is refused (409).
    uniqueIndex('job_transfers_open_key')
      .on(t.employeeId)
      .where(sql`${t.status} in ('approving', 'returned', 'pending')`),
    index('job_transfers_employee_idx').on(t.employeeId),
    index('job_transfers_due_idx')
      .on(t.effectiveDate)
      .where(sql`${t.status} = 'pending'`),
    index('job_transfers_from_store_idx').on(t.fromStoreId),
    index('job_transfers_to_store_idx').on(t.toStoreId),
    index('job_transfers_created_idx').on(t.createdAt),
  ],
);
