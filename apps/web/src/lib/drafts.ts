import type { FormInstance } from 'antd';
import type { DraftAnswer, DraftStoreInput } from '@dealer-hr/shared/drafts/contract';
import type { Envelope } from '@dealer-hr/shared/error-codes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { get, post, request } from './api-client';
import { draftCache } from './draft-cache';

/** A form's draft as the server keeps it (`draft/detail`, `draft/store`), with the form's values as `data`. */
export type Draft<T = Record<string, unknown>> = Omit<DraftAnswer, 'data'> & { data: T };

// Drafts are a convenience: a failure to load or save one must never interrupt the form, so every call is
// silent (no toast, no sign-out) and the callers carry on without the draft.

/**
 * docs/web.md "Draft cache": a cached draft is returned if present; a fetched one is kept only if it has `created_at`
 * (the server answers null when there is none).
 */
export async function loadDraft<T>(key: string): Promise<Draft<T> | null> {
  const cached = draftCache.get(key) as Draft<T> | undefined;
  if (cached) return cached;
  const fetched = await get<Draft<T> | null>('/auth/draft/detail', { key }, { silent: true });
  if (!fetched?.created_at) return null;
  draftCache.set(key, fetched);
  return fetched;
}

export async function saveDraft<T extends Record<string, unknown>>(key: string, data: T): Promise<Draft<T>> {
  const body: DraftStoreInput = { key, data };
  const saved = await post<Draft<T>>('/auth/draft/store', body, { silent: true });
  draftCache.set(key, saved);
  return saved;
}

/** docs/web.md "Draft cache": a delete succeeds when the answer's message is `ok`; then the cache forgets the draft. */
export async function deleteDraft(key: string): Promise<boolean> {
  const answer = await request<Envelope<null>>({
    url: '/auth/draft/delete',
    params: { key },
    as: 'envelope',
    silent: true,
  });
  if (answer.message !== 'ok') return false;
  draftCache.delete(key);
  return true;
}

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

export interface FormDraftOptions {
  /** Fields never written to the draft (a password), nor taken from one. */
  exclude?: readonly string[];
}

/** The values without the excluded fields. */
function without<T extends Record<string, unknown>>(values: T, excluded: readonly string[]): T {
  if (excluded.length === 0) return values;
  return Object.fromEntries(Object.entries(values).filter(([name]) => !excluded.includes(name))) as T;
}

/** Sends the values waiting to be saved, if any, and remembers the save under way. */
function saveUnsaved(
  key: string,
  unsaved: { current: Record<string, unknown> | null },
  saving: { current: Promise<unknown> },
): void {
  const values = unsaved.current;
  unsaved.current = null;
  if (!values) return;
  saving.current = saveDraft(key, values).catch((error: unknown) =>
    console.error(`draft ${key} could not be saved`, error),
  );
}

/**
 * A form that keeps its draft: restores the saved draft once on mount, saves the values a moment after the
 * user stops typing (`onValuesChange`), and drops the draft when the form is submitted (`discard`).
 *
 * The restore comes after the first render, so values the form is given on mount (`initialValues`, e.g. the
 * record as saved) are there first and the draft wins over them. A save still waiting when the form unmounts
 * (the user moved to another step) is sent at once. `key` null keeps no draft (a read-only form).
 */
export function useFormDraft<T extends Record<string, unknown>>(
  form: FormInstance<T>,
  key: string | null,
  { exclude = [] }: FormDraftOptions = {},
) {
  const [restored, setRestored] = useState<Draft<T> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The values waiting to be saved, until the timer sends them. */
  const unsaved = useRef<T | null>(null);
  /** The save under way: a discard waits for it, or the draft would come back after the delete. */
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const excluded = exclude.join(',');

  useEffect(() => {
    if (key === null) return;
    let current = true;
    loadDraft<T>(key).then(
      (draft) => {
        if (!current || !draft) return;
        const data = without(draft.data, excluded ? excluded.split(',') : []);
        form.setFieldsValue(data as Parameters<typeof form.setFieldsValue>[0]);
        setRestored(draft);
      },
      (error: unknown) => console.error(`draft ${key} could not be loaded`, error),
    );
    return () => {
      current = false;
      clearTimeout(timer.current);
      saveUnsaved(key, unsaved, saving);
    };
  }, [form, key, excluded]);

  const onValuesChange = useCallback(() => {
    if (key === null) return;
    clearTimeout(timer.current);
    unsaved.current = without(form.getFieldsValue(true) as T, excluded ? excluded.split(',') : []);
    timer.current = setTimeout(() => saveUnsaved(key, unsaved, saving), AUTOSAVE_DELAY_MS);
  }, [form, key, excluded]);

  const discard = useCallback(async () => {
    clearTimeout(timer.current);
    unsaved.current = null;
    setRestored(null);
    if (key === null) return true;
    await saving.current;
    return deleteDraft(key);
  }, [key]);

  return { restored, onValuesChange, discard };
}
