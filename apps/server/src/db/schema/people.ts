import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { EmployeeStatus } from '@dealer-hr/shared/dictionary-types';
import { ASSIGNMENT_KINDS } from '@dealer-hr/shared/staff/rules';
import { id, timestamps } from './columns';
import { departments, posts, stores } from './organisation';
import { dictionaryItems } from './system';

const dict = () => integer().references(() => dictionaryItems.id);

export const employees = pgTable(
  'employees',
  {
    id: id(),
    employeeNo: text().notNull(),
    name: text().notNull(),
    /** The name in toneless pinyin and its initials, kept for the directory's search (lib/pinyin.ts). */
    namePinyin: text().notNull().default(''),
    nameInitials: text().notNull().default(''),
    phone: text().notNull(),
    email: text(),
    gender: text({ enum: ['male', 'female'] }).notNull(),
    idTypeId: dict().notNull(),
    /** The ID number is never stored in plain text: sealed, found by its blind index, shown masked. */
    idNumberSealed: text().notNull(),
    idNumberIndex: text().notNull(),
    idNumberMasked: text().notNull(),
    birthDate: date(),
    height: smallint(),
    ethnicityId: dict(),
    maritalStatusId: dict(),
    educationId: dict(),
    college: text(),
    regionId: dict(),
    employeeTypeId: dict(),
    hasLicenseId: dict(),
    status: text({ enum: EmployeeStatus }).notNull(),
    entryDate: date().notNull(),
    leftOn: date(),
    faceUrl: text(),
    /**
     * Where the person works: the department, store and post of their open main assignment, or of the last
     * one once they have left. Derived from the assignments (modules/employment keeps it in step in
     * the same transaction) so that the directory filters and scopes 100 000 people by plain indexed columns.
     */
    mainDepartmentId: integer().references((): AnyPgColumn => departments.id),
    mainStoreId: integer().references((): AnyPgColumn => stores.id),
    mainPostId: integer().references((): AnyPgColumn => posts.id),
    /** The person's user id on the work-messaging platform (SSO mapping, customer handover). */
    workUserId: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('employees_no_key').on(t.employeeNo),
    // One person, one record: an ID number is unique whatever its type, as the refusals and rehires read it.
    uniqueIndex('employees_id_number_key').on(t.idNumberIndex),
    // A phone number may come back with a rehire, but two people on staff never share one.
    uniqueIndex('employees_active_phone_key')
      .on(t.phone)
      .where(sql`${t.status} <> 'resigned'`),
    uniqueIndex('employees_work_user_key').on(t.workUserId),
    index('employees_status_idx').on(t.status),
    index('employees_entry_date_idx').on(t.entryDate),
    index('employees_main_department_idx').on(t.mainDepartmentId),
    index('employees_main_store_idx').on(t.mainStoreId),
    index('employees_main_post_idx').on(t.mainPostId),
    // The directory's search: names, pinyin and initials by their beginning.
    index('employees_name_prefix_idx').on(t.name.op('text_pattern_ops')),
    index('employees_pinyin_prefix_idx').on(t.namePinyin.op('text_pattern_ops')),
    index('employees_initials_prefix_idx').on(t.nameInitials.op('text_pattern_ops')),
    // The unique index above compares by collation, which LIKE cannot use.
    index('employees_no_prefix_idx').on(t.employeeNo.op('text_pattern_ops')),
  ],
);

/**
 * A post held at a department node over a period. History is never overwritten: a transfer ends one
 * assignment (end_date) and starts another. Open assignments have no end date.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    /** The store above the department, kept so store-level lists and statistics need no tree walk. */
    storeId: integer().references(() => stores.id),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    isMain: boolean().notNull(),
    /**
     * What holds the post: the person's own (`post`, main or part-time), a dispatch to another store, or a
     * rotation stage. Headcount and the org chart count main posts only, so a dispatch never counts twice.
     */
    kind: text({ enum: ASSIGNMENT_KINDS }).notNull().default('post'),
    startDate: date().notNull(),
    endDate: date(),
    // Where a main assignment sits in the person's employment, kept by modules/employment whenever their
    // assignments change (`markStints`), so that statistics count hires and leavers without looking at the
    // neighbours of every assignment. Empty on part-time posts, dispatches and rotation stages.
    /** The first day of the stint of employment it belongs to: its start, when it is a hire. */
    stintStart: date(),
    /** Ended with no main assignment the next day: the employment ended on its last day. */
    endsEmployment: boolean().notNull().default(false),
    /** Ended with the next main assignment, the next day, at another store (or at none). */
    movesStore: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('assignments_employee_idx').on(t.employeeId),
    index('assignments_department_idx')
      .on(t.departmentId)
      .where(sql`${t.endDate} is null`),
    index('assignments_store_post_idx').on(t.storeId, t.postId),
    // The statistics' main assignments of a subtree over time (headcounts at dates, the post tree).
    index('assignments_main_department_idx')
      .on(t.departmentId, t.startDate)
      .where(sql`${t.isMain}`),
    uniqueIndex('assignments_one_open_main_key')
      .on(t.employeeId)
      .where(sql`${t.isMain} and ${t.endDate} is null`),
  ],
);
