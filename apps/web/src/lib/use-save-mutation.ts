import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import type { FormInstance } from 'antd';
import { showSaveError, type ConflictField } from './form-errors';

// Every create/edit dialog saves the same way; only what it sends, says and refreshes differs.

export interface SaveMutationOptions<Fields, Saved, Values> {
  /** The dialog's form: a refused save is shown on its fields. */
  form: FormInstance<Values>;
  /** Sends the fields (create or update). */
  save(fields: Fields): Promise<Saved>;
  /** The toast after a save, e.g. 新增成功 or 修改成功. */
  successMessage: string;
  /** Closes the dialog. */
  onClose(): void;
  /** After closing: refresh what shows the saved record (awaited while the save still counts as pending). */
  onSaved?(saved: Saved): unknown;
  /** Where a 409 goes; without it a conflict is only the API client's toast. */
  conflictField?: ConflictField;
  /** The form's name of a server field it holds under another name (a date range's two ends). */
  fieldOf?(field: string): string;
}

/** The save of a create/edit dialog: toast, close, refresh; a refusal goes on the form's fields. */
export function useSaveMutation<Fields, Saved, Values>({
  form,
  save,
  successMessage,
  onClose,
  onSaved,
  conflictField,
  fieldOf,
}: SaveMutationOptions<Fields, Saved, Values>) {
  const { message } = App.useApp();
  return useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      void message.success(successMessage);
      onClose();
      await onSaved?.(saved);
    },
    onError: (error) => showSaveError(form, error, conflictField, fieldOf),
  });
}
