import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  PROHIBITED_ACTIONS,
  PROHIBITED_SOURCES,
  PROHIBITED_STATUSES,
} from '@dealer-hr/shared/prohibited/rules';
import { id, timestamps } from './columns';
import { users } from './system';

/**
 * The prohibited list. The ID number is never stored in plain text: `idNumberSealed` holds it encrypted
 * (AES-GCM), `idNumberIndex` a keyed HMAC used to find it, and `idNumberMasked` what lists show.
 */
export const prohibitedEntries = pgTable(
  'prohibited_entries',
  {
    id: id(),
    name: text().notNull(),
    idNumberSealed: text().notNull(),
    idNumberIndex: text().notNull(),
    idNumberMasked: text().notNull(),
    phone: text(),
    disableReason: text().notNull(),
    source: text({ enum: PROHIBITED_SOURCES }).notNull(),
    status: text({ enum: PROHIBITED_STATUSES }).notNull().default('active'),
    /** Why the entry was lifted (or is being lifted, while its approval runs). */
    enableReason: text(),
    createdByUserId: integer().references(() => users.id),
    dismissedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // A person is on the list once at a time; a dismissed entry stays as history and they may be listed again.
    uniqueIndex('prohibited_entries_listed_key')
      .on(t.idNumberIndex)
      .where(sql`${t.status} <> 'dismissed'`),
    index('prohibited_entries_index_idx').on(t.idNumberIndex),
    index('prohibited_entries_status_idx').on(t.status, t.createdAt),
  ],
);

/** An entry's history: added, changed (with the fields before and after), dismissal asked, refused, done. */
export const prohibitedEvents = pgTable(
  'prohibited_events',
  {
    id: id(),
    entryId: integer()
      .notNull()
      .references(() => prohibitedEntries.id),
    action: text({ enum: PROHIBITED_ACTIONS }).notNull(),
    actorUserId: integer().references(() => users.id),
    reason: text(),
    changes: jsonb().$type<{ before: Record<string, unknown>; after: Record<string, unknown> }>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prohibited_events_entry_idx').on(t.entryId)],
);
