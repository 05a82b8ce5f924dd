import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Primary key used by every business table: an identity that also accepts explicit ids (seeded dictionaries). */
export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
