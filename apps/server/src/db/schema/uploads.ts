import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { UPLOAD_PURPOSES, UPLOAD_TYPES } from '@dealer-hr/shared/uploads/rules';
import { id } from './columns';
import { users } from './system';

/**
 * An uploaded file: its content lives in the file storage under `sha256`. Until a record takes it (`ownerType`,
 * `ownerId`: an onboarding entry, an employee) only its uploader may read it; then whoever may see that record.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    sha256: text().notNull(),
    size: integer().notNull(),
    mime: text({ enum: UPLOAD_TYPES }).notNull(),
    fileName: text().notNull(),
    purpose: text({ enum: UPLOAD_PURPOSES }).notNull(),
    uploadedByUserId: integer()
      .notNull()
      .references(() => users.id),
    ownerType: text(),
    ownerId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerType, t.ownerId)],
);
