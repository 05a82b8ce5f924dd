import { boolean, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { TRAINING_TYPES } from '@dealer-hr/shared/training/rules';
import { id, timestamps } from './columns';
import { departments } from './organisation';
import { employees } from './people';
import { users } from './system';

/**
 * A training course, held by an area (a region node of the tree) or a store: the data scope follows its
 * department. `code` is what the attendance sheet names a course by.
 */
export const trainingCourses = pgTable(
  'training_courses',
  {
    id: id(),
    code: text().notNull(),
    name: text().notNull(),
    type: text({ enum: TRAINING_TYPES }).notNull(),
    trainer: text().notNull(),
    startDate: date().notNull(),
    endDate: date().notNull(),
    hours: numeric({ precision: 4, scale: 1, mode: 'number' }).notNull(),
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    location: text(),
    description: text(),
    createdByUserId: integer().references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('training_courses_code_key').on(t.code),
    index('training_courses_department_idx').on(t.departmentId, t.startDate),
    index('training_courses_start_idx').on(t.startDate, t.id),
  ],
);

/** Who attended a course: once per person, with a score and whether they passed. */
export const trainingRecords = pgTable(
  'training_records',
  {
    id: id(),
    courseId: integer()
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    attended: boolean().notNull().default(true),
    score: numeric({ precision: 4, scale: 1, mode: 'number' }),
    passed: boolean(),
    remark: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('training_records_course_employee_key').on(t.courseId, t.employeeId),
    index('training_records_employee_idx').on(t.employeeId),
  ],
);
