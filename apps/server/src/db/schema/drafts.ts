import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { users } from './system';

/**
 * What a user typed into a form and has not submitted yet (an onboarding step...), one per user and form key,
 * so that a reload or another device brings it back.
 */
export const drafts = pgTable(
  'drafts',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formKey: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('drafts_user_form_key').on(t.userId, t.formKey)],
);
