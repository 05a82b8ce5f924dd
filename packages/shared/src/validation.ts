/**
 * The zod schemas of the validation rules (docs/domain.md "Form rules"), used by the server. The server returns
 * these Chinese messages to the user as field errors, so a missing value and a value of the wrong type get the
 * same required/invalid messages as a badly formatted one.
 */
import { z } from 'zod';
import { isValidMainlandId } from './id-number';
import {
  controlCharactersMessage,
  hasControlCharacters,
  hasTimeRangeEnd,
  invalidIdMessage,
  isDays,
  isEmail,
  isHeight,
  isLatitude,
  isLongitude,
  isPassword,
  isPersonName,
  isPhone,
  isUsername,
  MAX_ID,
  maxLengthMessage,
  messages,
  requiredMessage,
  selectMessage,
} from './rules';

type TextOrNumber = string | number;

const isMissing = (input: unknown): boolean => input === undefined || input === null;

// ---------------------------------------------------------------------------------------------------------------
// zod schemas for the server

function zText(
  required: string,
  invalid: string,
  isValid: (value: string) => boolean,
  { singleLine = true, controlMessage = invalid } = {},
) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? required : invalid) })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((value) => !hasControlCharacters(value, { singleLine }), { error: controlMessage, abort: true })
    .refine(isValid, { error: invalid });
}

function zNumeric(required: string, invalid: string, isValid: (value: TextOrNumber) => boolean) {
  return z
    .union([z.string().trim(), z.number()], {
      error: (issue) => (isMissing(issue.input) ? required : invalid),
    })
    .refine((value) => value !== '', { error: required, abort: true })
    .refine(isValid, { error: invalid })
    .transform(Number);
}

export const zPhone = zText(messages.phoneRequired, messages.phoneInvalid, isPhone);
export const zPersonName = zText(messages.nameRequired, messages.nameInvalid, isPersonName);
export const zEmail = zText(messages.emailRequired, messages.emailInvalid, isEmail);
/** Any certificate type (passport, Hong Kong and Macao pass...): only required. */
export const zIdNumber = zText(messages.idNumberRequired, messages.idNumberRequired, () => true);
/** Mainland resident ID card: format, birth date and check digit; a final lower-case x is returned as X. */
export const zMainlandIdNumber = zText(messages.idNumberRequired, messages.idNumberInvalid, (value) =>
  isValidMainlandId(value),
).transform((value) => value.toUpperCase());

/** An account name (3-32 letters, digits, `.`, `_`, `-`); trimmed, case kept (logins ignore case). */
export const zUsername = zText(messages.usernameRequired, messages.usernameInvalid, isUsername);
/** A new password: 8-64 characters with letters and digits; not trimmed, since spaces count. */
export const zPassword = z
  .string({
    error: (issue) => (isMissing(issue.input) ? messages.passwordRequired : messages.passwordInvalid),
  })
  .refine((value) => value.trim() !== '', { error: messages.passwordRequired, abort: true })
  .refine(isPassword, { error: messages.passwordInvalid });

/** Height (cm), latitude and longitude accept text or a JSON number and output a number. */
export const zHeight = zNumeric(messages.heightRequired, messages.heightInvalid, isHeight);
export const zLatitude = zNumeric(messages.latitudeRequired, messages.latitudeInvalid, isLatitude);
export const zLongitude = zNumeric(messages.longitudeRequired, messages.longitudeInvalid, isLongitude);

/** Days are optional (the rule is only "digits only"): absent, null or blank give undefined, else a number. */
export const zDays = z
  .union([z.string().trim(), z.number(), z.null(), z.undefined()], { error: messages.daysInvalid })
  .refine((value) => value === undefined || value === null || value === '' || isDays(value), {
    error: messages.daysInvalid,
  })
  .transform((value) => (value === undefined || value === null || value === '' ? undefined : Number(value)));

export interface RequiredStringOptions {
  max?: number;
  /** Free text (a reason, a comment) may hold tabs and line breaks; a name or a code may not. */
  multiline?: boolean;
}

/** Trimmed non-empty text, for the required text fields and reasons (labels in `fieldLabels`). */
export function zRequiredString(label: string, { max, multiline = false }: RequiredStringOptions = {}) {
  const schema = zText(requiredMessage(label), requiredMessage(label), () => true, {
    singleLine: !multiline,
    controlMessage: controlCharactersMessage(label),
  });
  return max === undefined
    ? schema
    : schema.refine((value) => value.length <= max, { error: maxLengthMessage(label, max) });
}

/**
 * Optional free text (a cancel reason, a note): trimmed, at most `max` characters, line breaks allowed; absent
 * or blank means none (null).
 */
export function zOptionalText(label: string, max: number) {
  return z
    .string({ error: maxLengthMessage(label, max) })
    .trim()
    .max(max, { error: maxLengthMessage(label, max) })
    .refine((value) => !hasControlCharacters(value), { error: controlCharactersMessage(label) })
    .nullable()
    .optional()
    .transform((value) => value || null);
}

const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^\d{1,16}$/.test(value.trim()) ? Number(value) : value;

/**
 * A selected dictionary item or record: a positive integer id within the database's `integer` (a larger one
 * must find nothing, not fail in the database); a digit string (query parameter) is converted.
 */
export function zRequiredSelect(label: string) {
  const message = selectMessage(label);
  return z.preprocess(
    digitsToNumber,
    z
      .number({ error: message })
      .int({ error: message, abort: true })
      .positive({ error: message })
      .max(MAX_ID, { error: message }),
  ) as z.ZodType<number, number | string>;
}

/** The id of the record a request names (`id`, `store_id`...): the same rule as a selection. */
export const zId = zRequiredSelect;

/** An optional id of a body: absent, null or '' mean none (null). */
export function zOptionalId(label: string) {
  const invalid = invalidIdMessage(label);
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? null : digitsToNumber(value)),
    z
      .number({ error: invalid })
      .int({ error: invalid, abort: true })
      .positive({ error: invalid })
      .max(MAX_ID, { error: invalid })
      .nullable(),
  ) as z.ZodType<number | null, number | string | null | undefined>;
}

/** An optional id filter of a query string: absent or empty means no filter (undefined). */
export function zQueryId(label: string) {
  return z
    .string({ error: invalidIdMessage(label) })
    .trim()
    .optional()
    .refine((value) => !value || (/^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= MAX_ID), {
      error: invalidIdMessage(label),
    })
    .transform((value) => (value ? Number(value) : undefined));
}

/** A required id of a query string (请选择…). */
export function zRequiredQueryId(label: string) {
  return zQueryId(label)
    .refine((value) => value !== undefined, { error: selectMessage(label) })
    .transform((value) => value!);
}

/** A selected calendar date 'YYYY-MM-DD' (the "date" of the required selections). */
export function zRequiredDate(label: string) {
  const message = selectMessage(label);
  return z.iso.date({ error: message });
}

const timeRangeEnd = z
  .union([z.string().trim(), z.null(), z.undefined()], { error: messages.timeRangeInvalid })
  .transform((value) => value || null);

/** Outputs [start, end] with empty entries as null. */
export const zTimeRange = z
  .tuple([timeRangeEnd, timeRangeEnd], {
    error: (issue) => (isMissing(issue.input) ? messages.timeRangeRequired : messages.timeRangeInvalid),
  })
  .refine(hasTimeRangeEnd, { error: messages.timeRangeRequired });
