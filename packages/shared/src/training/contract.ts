// The training routes' request and answer schemas (`/api/auth/training/*`). The server validates and
// documents with them; the web only imports their types (`import type`), so zod stays out of its bundle.
// Query strings (the lists' filters) are the server's own.
import { z } from 'zod';
import { controlCharactersMessage, hasControlCharacters, maxLengthMessage, selectMessage } from '../rules';
import { zRequiredDate, zRequiredSelect, zRequiredString } from '../validation';
import {
  COURSE_CODE_PATTERN,
  COURSE_NAME_MAX,
  DESCRIPTION_MAX,
  LOCATION_MAX,
  RECORDS_MAX,
  REMARK_MAX,
  TRAINER_MAX,
  TRAINING_TYPES,
  isHours,
  isScore,
  trainingLabels,
  trainingMessages,
} from './rules';

/** Optional free text: absent, null or blank mean none (null). */
const zOptionalText = (label: string, max: number, { multiline = false } = {}) =>
  z
    .union([z.string({ error: maxLengthMessage(label, max) }), z.null()])
    .optional()
    .transform((value) => value?.trim() || null)
    .refine((value) => value === null || value.length <= max, { error: maxLengthMessage(label, max) })
    .refine((value) => value === null || !hasControlCharacters(value, { singleLine: !multiline }), {
      error: controlCharactersMessage(label),
    });

export const courseRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(TRAINING_TYPES),
  trainer: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  hours: z.number(),
  department_id: z.number().int(),
  department_name: z.string(),
  /** An area (a region) or a store. */
  department_kind: z.enum(['region', 'store']),
  location: z.string().nullable(),
  description: z.string().nullable(),
  /** People on the roster, those who attended, those who passed. */
  attendees: z.number().int(),
  attended: z.number().int(),
  passed: z.number().int(),
  created_at: z.string(),
});
export type CourseRow = z.infer<typeof courseRow>;

export const recordRow = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  employee_no: z.string(),
  employee_name: z.string(),
  /** Where the person works now (their open main assignment), when on staff. */
  store_name: z.string().nullable(),
  post_name: z.string().nullable(),
  attended: z.boolean(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  remark: z.string().nullable(),
});
export type RecordRow = z.infer<typeof recordRow>;

export const courseDetail = courseRow.extend({ records: z.array(recordRow) });
export type CourseDetail = z.infer<typeof courseDetail>;

const zHours = z
  .number({ error: trainingMessages.hoursInvalid })
  .refine(isHours, { error: trainingMessages.hoursInvalid });

const courseFields = z.object({
  code: z
    .string({ error: trainingMessages.codeInvalid })
    .trim()
    .regex(COURSE_CODE_PATTERN, { error: trainingMessages.codeInvalid }),
  name: zRequiredString(trainingLabels.name, { max: COURSE_NAME_MAX }),
  type: z.enum(TRAINING_TYPES, { error: selectMessage(trainingLabels.type) }),
  trainer: zRequiredString(trainingLabels.trainer, { max: TRAINER_MAX }),
  start_date: zRequiredDate(trainingLabels.startDate),
  end_date: zRequiredDate(trainingLabels.endDate),
  hours: zHours,
  department_id: zRequiredSelect(trainingLabels.department),
  location: zOptionalText(trainingLabels.location, LOCATION_MAX),
  description: zOptionalText(trainingLabels.description, DESCRIPTION_MAX, { multiline: true }),
});

const endNotBeforeStart = (body: { start_date: string; end_date: string }, context: z.RefinementCtx) => {
  if (body.end_date < body.start_date)
    context.addIssue({ code: 'custom', path: ['end_date'], message: trainingMessages.endBeforeStart });
};

/** `POST training/course`: a new course. */
export const courseStoreBody = courseFields.superRefine(endNotBeforeStart);
export type CourseStoreInput = z.input<typeof courseStoreBody>;
export type CourseStoreBody = z.infer<typeof courseStoreBody>;

/** `PUT training/update`: every field of a course again. */
export const courseUpdateBody = courseFields
  .extend({ id: zRequiredSelect(trainingLabels.course) })
  .superRefine(endNotBeforeStart);
export type CourseUpdateBody = z.infer<typeof courseUpdateBody>;

export const courseIdBody = z.object({ id: zRequiredSelect(trainingLabels.course) });

const recordInput = z.object({
  employee_id: zRequiredSelect(trainingLabels.employee),
  attended: z.boolean({ error: selectMessage(trainingLabels.attended) }),
  score: z
    .number({ error: trainingMessages.scoreInvalid })
    .refine(isScore, { error: trainingMessages.scoreInvalid })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  passed: z
    .boolean({ error: selectMessage(trainingLabels.passed) })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  remark: zOptionalText(trainingLabels.remark, REMARK_MAX),
});
export type RecordInput = z.input<typeof recordInput>;

/**
 * `PUT training/records`: who attended a course. `records` are added or changed (by person); `remove` names
 * people taken off the roster.
 */
export const recordsBody = z
  .object({
    course_id: zRequiredSelect(trainingLabels.course),
    records: z
      .array(recordInput, { error: trainingMessages.recordsInvalid })
      .max(RECORDS_MAX, { error: trainingMessages.tooManyRecords }),
    remove: z
      .array(z.number().int().positive(), { error: trainingMessages.recordsInvalid })
      .max(RECORDS_MAX, { error: trainingMessages.tooManyRecords })
      .default([]),
  })
  .superRefine((body, context) => {
    const ids = [...body.records.map((record) => record.employee_id), ...body.remove];
    if (new Set(ids).size !== ids.length)
      context.addIssue({ code: 'custom', path: ['records'], message: trainingMessages.duplicateEmployee });
  });
export type RecordsInput = z.input<typeof recordsBody>;

/** A row of the by-area and by-store lists: what the courses held there add up to. */
export const trainingSummaryRow = z.object({
  department_id: z.number().int(),
  department_name: z.string(),
  /** The store's region; null on the by-area list. */
  region_name: z.string().nullable(),
  courses: z.number().int(),
  hours: z.number(),
  attendees: z.number().int(),
  attended: z.number().int(),
  passed: z.number().int(),
  /** passed / attended, 0-1; null when nobody attended. */
  pass_rate: z.number().nullable(),
});
export type TrainingSummaryRow = z.infer<typeof trainingSummaryRow>;

/** `training/people`: someone a roster can take. */
export const trainingPerson = z.object({
  id: z.number().int(),
  employee_no: z.string(),
  name: z.string(),
  store_name: z.string().nullable(),
  post_name: z.string().nullable(),
});
export type TrainingPerson = z.infer<typeof trainingPerson>;
