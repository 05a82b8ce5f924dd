// The rotation routes' request and answer schemas (`/api/auth/rotation/*`). The server validates and documents
// with them; the web only imports their types (`import type`), so zod stays out of its bundle. Query strings
// (the list's filters) are the server's own.
import { z } from 'zod';
import { placeFields } from '../place';
import { selectMessage } from '../rules';
import { zOptionalId, zOptionalText, zRequiredDate, zRequiredSelect, zRequiredString } from '../validation';
import {
  ROTATION_COMMENT_MAX,
  ROTATION_NOTE_MAX,
  ROTATION_PLAN_STATUSES,
  ROTATION_SCORE_MAX,
  ROTATION_STAGE_STATUSES,
  ROTATION_STAGES_MAX,
  ROTATION_TITLE_MAX,
  rotationLabels,
  rotationMessages,
} from './rules';

const place = placeFields;

export const rotationStage = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  ...place,
  start_date: z.string(),
  end_date: z.string(),
  mentor_id: z.number().int().nullable(),
  mentor_name: z.string().nullable(),
  status: z.enum(ROTATION_STAGE_STATUSES),
  score: z.number().int().nullable(),
  comment: z.string().nullable(),
  evaluated_by: z.string().nullable(),
  evaluated_at: z.string().nullable(),
});
export type RotationStage = z.infer<typeof rotationStage>;

export const rotationRow = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  employee_no: z.string(),
  employee_name: z.string(),
  title: z.string(),
  replaces_main: z.boolean(),
  status: z.enum(ROTATION_PLAN_STATUSES),
  /** The first stage's first day and the last stage's last day. */
  start_date: z.string(),
  end_date: z.string(),
  stage_count: z.number().int(),
  done_count: z.number().int(),
  /** The stage the person is in now, and the one that comes next. */
  current: rotationStage.nullable(),
  next: rotationStage.nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type RotationRow = z.infer<typeof rotationRow>;

export const rotationDetail = rotationRow.extend({
  note: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  stages: z.array(rotationStage),
  /** What the caller may do with it now. */
  actions: z.object({ edit: z.boolean(), cancel: z.boolean(), evaluate: z.boolean() }),
});
export type RotationDetail = z.infer<typeof rotationDetail>;

/** `people`: someone on staff a plan can be made for, with their main post. */
export const rotationPerson = z.object({
  id: z.number().int(),
  employee_no: z.string(),
  name: z.string(),
  home: z.object({ ...place, start_date: z.string() }),
  /** Set when a plan of theirs is in progress: they cannot be chosen. */
  open_plan_id: z.number().int().nullable(),
});
export type RotationPerson = z.infer<typeof rotationPerson>;

export const rotationStageInput = z.object({
  department_id: zRequiredSelect(rotationLabels.department),
  post_id: zRequiredSelect(rotationLabels.post),
  start_date: zRequiredDate(rotationLabels.startDate),
  end_date: zRequiredDate(rotationLabels.endDate),
  mentor_id: zOptionalId(rotationLabels.mentor),
});
export type RotationStageInput = z.input<typeof rotationStageInput>;
export type RotationStageBody = z.infer<typeof rotationStageInput>;

const stages = (min: number) =>
  z
    .array(rotationStageInput, { error: selectMessage(rotationLabels.stages) })
    .min(min, { error: rotationMessages.stagesRequired })
    .max(ROTATION_STAGES_MAX, { error: rotationMessages.stagesTooMany });

const planFields = {
  title: zRequiredString(rotationLabels.title, { max: ROTATION_TITLE_MAX }),
  note: zOptionalText(rotationLabels.note, ROTATION_NOTE_MAX),
};

/** `POST rotation/store`: a plan and its stages, in date order; a stage already due begins at once. */
export const rotationStoreBody = z.object({
  employee_id: zRequiredSelect(rotationLabels.employee),
  replaces_main: z
    .boolean({ error: selectMessage(rotationLabels.replacesMain) })
    .optional()
    .default(false),
  ...planFields,
  stages: stages(1),
});
export type RotationStoreInput = z.input<typeof rotationStoreBody>;
export type RotationStoreBody = z.infer<typeof rotationStoreBody>;

/**
 * `PUT rotation/edit`: the title, the note, and the stages still to come, which replace the upcoming ones
 * (the current and finished stages stay as they are). An empty list ends the plan after its current stage.
 */
export const rotationEditBody = z.object({
  id: zRequiredSelect(rotationLabels.plan),
  ...planFields,
  stages: stages(0),
});
export type RotationEditInput = z.input<typeof rotationEditBody>;
export type RotationEditBody = z.infer<typeof rotationEditBody>;

export const rotationCancelBody = z.object({
  id: zRequiredSelect(rotationLabels.plan),
  reason: zOptionalText(rotationLabels.cancelReason, ROTATION_COMMENT_MAX),
});
export type RotationCancelInput = z.input<typeof rotationCancelBody>;

/** `POST rotation/evaluate`: the score and the comment of a stage begun or finished. */
export const rotationEvaluateBody = z.object({
  stage_id: zRequiredSelect(rotationLabels.stage),
  score: z
    .number({ error: rotationMessages.scoreInvalid })
    .int({ error: rotationMessages.scoreInvalid })
    .min(0, { error: rotationMessages.scoreInvalid })
    .max(ROTATION_SCORE_MAX, { error: rotationMessages.scoreInvalid }),
  comment: zRequiredString(rotationLabels.comment, { max: ROTATION_COMMENT_MAX, multiline: true }),
});
export type RotationEvaluateInput = z.input<typeof rotationEvaluateBody>;
