import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { HANDOVER_KINDS, HANDOVER_STATES } from '@dealer-hr/shared/handover/rules';
import { id, timestamps } from './columns';
import { employees } from './people';
import { resignations } from './resignations';

/**
 * One customer or customer group chat of a leaver, as the work-messaging platform listed it when the handover
 * dialog first opened, and where its handover stands (docs/domain.md "Handover"). Handed to another colleague
 * after a refusal or a failure, the same row changes inheritor: one row per item and resignation.
 */
export const handoverItems = pgTable(
  'handover_items',
  {
    id: id(),
    resignationId: integer()
      .notNull()
      .references(() => resignations.id),
    kind: text({ enum: HANDOVER_KINDS }).notNull(),
    /** The platform's id: a customer's external_userid, a chat's chat_id. */
    externalId: text().notNull(),
    name: text().notNull(),
    /** A chat's members when it was listed. */
    memberCount: integer(),
    /** The leaver's userid on the platform. */
    handoverUserId: text().notNull(),
    /** Which of the platform's transfers reaches it: `resigned` or `onjob` (the member still there). */
    variant: text({ enum: ['resigned', 'onjob'] }).notNull(),
    state: text({ enum: HANDOVER_STATES }).notNull().default('pending'),
    takeoverEmployeeId: integer().references(() => employees.id),
    takeoverUserId: text(),
    /** When the platform takes a waiting customer over by itself; its result is read only after it. */
    takeoverAt: timestamp({ withTimezone: true }),
    /** A queued item is not sent before this (a busy platform's back-off, a day's chat limit). */
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** Sends so far to the current inheritor. */
    attempts: integer().notNull().default(0),
    /** The group's day it was last sent: a day's chats per (old owner, new owner) are counted by it. */
    submittedOn: date(),
    errcode: integer(),
    /** The platform's refusal in Chinese, shown on the item. */
    error: text(),
    doneAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('handover_items_item_key').on(t.resignationId, t.kind, t.externalId),
    index('handover_items_state_idx').on(t.resignationId, t.kind, t.state),
    index('handover_items_moving_idx')
      .on(t.state)
      .where(sql`${t.state} in ('queued', 'submitted', 'waiting')`),
    index('handover_items_chat_day_idx')
      .on(t.handoverUserId, t.takeoverUserId, t.submittedOn)
      .where(sql`${t.kind} = 'group_chat'`),
  ],
);

/** The local platform's customers (WORK_MESSAGING=local): who follows them and a takeover under way. */
export const localCustomers = pgTable(
  'local_customers',
  {
    id: id(),
    externalUserId: text().notNull().unique(),
    name: text().notNull(),
    /** The member who follows the customer now. */
    ownerUserId: text().notNull(),
    /** The last transfer: from whom to whom, when it takes effect, and how it ended (the platform's status). */
    handoverUserId: text(),
    takeoverUserId: text(),
    takeoverAt: timestamp({ withTimezone: true }),
    status: integer(),
    /** How many more transfers this customer will decline (a share of the demo's customers decline once). */
    refusalsLeft: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('local_customers_owner_idx').on(t.ownerUserId)],
);

/** The local platform's customer group chats. */
export const localGroupChats = pgTable(
  'local_group_chats',
  {
    id: id(),
    chatId: text().notNull().unique(),
    name: text().notNull(),
    ownerUserId: text().notNull(),
    memberCount: integer().notNull(),
    ...timestamps,
  },
  (t) => [index('local_group_chats_owner_idx').on(t.ownerUserId)],
);
