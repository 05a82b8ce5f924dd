import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  INHERITOR_RULES,
  RESIGNATION_STATUSES,
  RESIGNATION_TYPES,
} from '@dealer-hr/shared/resignation/rules';
import { approvalInstances } from './approvals';
import { id, timestamps } from './columns';
import { departments, posts, stores } from './organisation';
import { employees } from './people';
import { prohibitedEntries } from './prohibited';
import { dictionaryItems, users } from './system';

/**
 * A resignation: the person is `resigning` from filing until it completes (then `resigned`) or is cancelled
 * (then back to `previous_status`). Where they worked is kept as filed, for the lists and the statistics.
 */
export const resignations = pgTable(
  'resignations',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    previousStatus: text({ enum: ['probation', 'regular'] }).notNull(),
    storeId: integer().references(() => stores.id),
    departmentId: integer().references(() => departments.id),
    postId: integer().references(() => posts.id),
    type: text({ enum: RESIGNATION_TYPES }).notNull(),
    reasonId: integer()
      .notNull()
      .references(() => dictionaryItems.id),
    destinationId: integer()
      .notNull()
      .references(() => dictionaryItems.id),
    appliedOn: date().notNull(),
    lastDay: date().notNull(),
    explanation: text().notNull(),
    status: text({ enum: RESIGNATION_STATUSES }).notNull(),
    returnComment: text(),
    cancelReason: text(),
    instanceId: integer().references(() => approvalInstances.id),
    /** Asked by `go`: add the person to the prohibited list when it completes. */
    addProhibited: boolean().notNull().default(false),
    prohibitedReason: text(),
    prohibitedEntryId: integer().references(() => prohibitedEntries.id),
    createdByUserId: integer()
      .notNull()
      .references(() => users.id),
    /** Who gave `go` (the completion may come later, by the daily job). */
    goByUserId: integer().references(() => users.id),
    completedAt: timestamp({ withTimezone: true }),
    /** When the leaver's customers and group chats were read from the work-messaging platform (handover_items). */
    handoverListedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One open resignation per person: of two filed at once, the second is refused (409).
    uniqueIndex('resignations_open_key')
      .on(t.employeeId)
      .where(sql`${t.status} in ('approving', 'returned', 'approved', 'scheduled')`),
    index('resignations_due_idx')
      .on(t.lastDay)
      .where(sql`${t.status} = 'scheduled'`),
    index('resignations_store_idx').on(t.storeId),
    // A leaver's resignation, which the turnover reads to tell a voluntary departure.
    index('resignations_employee_idx').on(t.employeeId),
    index('resignations_last_day_idx').on(t.lastDay),
    index('resignations_created_idx').on(t.createdAt),
  ],
);

/** How a store (or the group, `store_id` null) handles its leavers' customers; see `resign/setting`. */
export const resignationSettings = pgTable(
  'resignation_settings',
  {
    id: id(),
    storeId: integer().references(() => stores.id),
    requireHandover: boolean().notNull().default(true),
    inheritorRule: text({ enum: INHERITOR_RULES }).notNull().default('sales_manager'),
    inheritorEmployeeId: integer().references(() => employees.id),
    notifyCustomers: boolean().notNull().default(true),
    notifyText: text().notNull(),
    updatedByUserId: integer().references(() => users.id),
    ...timestamps,
  },
  // One setting per store, and one for the group.
  (t) => [uniqueIndex('resignation_settings_store_key').on(sql`coalesce(${t.storeId}, 0)`)],
);
