import type { FormInstance } from 'antd';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { ApiError, fieldErrorsOf } from './api-client';

// A refused save shown where it belongs, on the form's fields; the API client has already toasted it.

/**
 * The form's name path of a server field: the server's paths are dotted (`members.1.id_number`), the form's
 * are arrays whose list indexes are numbers (`['members', 1, 'id_number']`).
 */
export const formPath = (field: string): (string | number)[] =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * The field a 409 is about: always the same one, found in its message (e.g. /编码/ → `code`), or, for a
 * list, the one of them its `data.errors` names (a record with two unique fields, e.g. phone and ID number).
 */
export type ConflictField = string | readonly string[] | ((message: string) => string | null);

/** The field of a 409 `conflictField` points to, if any. */
function conflictFieldOf(error: ApiError, conflictField: ConflictField): string | null {
  if (typeof conflictField === 'string') return conflictField;
  if (typeof conflictField === 'function') return conflictField(error.message);
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  const named = Array.isArray(errors)
    ? errors
        .map((entry: unknown) => (entry as { field?: unknown } | null)?.field)
        .find((field): field is string => typeof field === 'string' && conflictField.includes(field))
    : undefined;
  return named ?? null;
}

/**
 * Puts the 422 field errors on their fields (a nested one, `members.1.id_number`, on that list item's
 * field; `fieldOf` renames a server field the form holds under another name, e.g. two dates in one range
 * picker), and a 409 on the field `conflictField` names.
 */
export function showSaveError<Values>(
  form: FormInstance<Values>,
  error: unknown,
  conflictField?: ConflictField,
  fieldOf: (field: string) => string = (field) => field,
): void {
  const errors = fieldErrorsOf(error);
  if (errors.length > 0) {
    form.setFields(
      errors.map(({ field, message }) => ({ name: formPath(fieldOf(field)) as never, errors: [message] })),
    );
    return;
  }
  if (conflictField && error instanceof ApiError && error.code === ErrorCode.CONFLICT) {
    const field = conflictFieldOf(error, conflictField);
    if (field) form.setFields([{ name: formPath(field) as never, errors: [error.message] }]);
  }
}

/**
 * Shows a failed save on the form's fields: the 422 field errors, and a 409 that names its field
 * (`data.field`, e.g. a username already taken), among `fields` only. Answers whether anything was shown
 * on a field.
 */
export function showFieldErrors<Values>(
  form: FormInstance<Values>,
  error: unknown,
  fields: readonly string[],
): boolean {
  const shown = fieldErrorsOf(error).filter((entry) => fields.includes(entry.field));
  if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) {
    const field = (error.data as { field?: unknown } | null)?.field;
    if (typeof field === 'string' && fields.includes(field)) shown.push({ field, message: error.message });
  }
  if (shown.length === 0) return false;
  form.setFields(shown.map((entry) => ({ name: formPath(entry.field) as never, errors: [entry.message] })));
  return true;
}
