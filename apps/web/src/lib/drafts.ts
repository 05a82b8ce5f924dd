import type { FormInstance } from 'antd';
import type { Envelope } from '@dealer-hr/shared/error-codes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { get, post, request } from './api-client';
import { draftCache } from './draft-cache';

/** A form's draft as the server keeps it (`draft/detail`, `draft/store`). */
export interface Draft<T = Record<string, unknown>> {
  key: string;
  data: T;
  created_at: string;
  updated_at: string;
}

// Drafts are a convenience: a failure to load or save one must never interrupt the form, so every call is
// silent (no toast, no sign-out) and the callers carry on without the draft.

/**
 * Spec section 4: a cached draft is returned if present; a fetched one is kept only if it has `created_at`
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
  const saved = await post<Draft<T>>('/auth/draft/store', { key, data }, { silent: true });
  draftCache.set(key, saved);
  return saved;
}

/** Spec section 4: a delete succeeds when the answer's message is `ok`; then the cache forgets the draft. */
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

/**
 * A form that keeps its draft: restores the saved draft once on mount, saves the values a moment after the
 * user stops typing (`onValuesChange`), and drops the draft when the form is submitted (`discard`).
 */
export function useFormDraft<T extends Record<string, unknown>>(form: FormInstance<T>, key: string) {
  const [restored, setRestored] = useState<Draft<T> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let current = true;
    loadDraft<T>(key).then(
      (draft) => {
        if (!current || !draft) return;
        form.setFieldsValue(draft.data as Parameters<typeof form.setFieldsValue>[0]);
        setRestored(draft);
      },
      (error: unknown) => console.error(`draft ${key} could not be loaded`, error),
    );
    return () => {
      current = false;
      clearTimeout(timer.current);
    };
  }, [form, key]);

  const onValuesChange = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      saveDraft(key, form.getFieldsValue(true) as T).catch((error: unknown) =>
        console.error(`draft ${key} could not be saved`, error),
      );
    }, AUTOSAVE_DELAY_MS);
  }, [form, key]);

  const discard = useCallback(async () => {
    clearTimeout(timer.current);
    setRestored(null);
    return deleteDraft(key);
  }, [key]);

  return { restored, onValuesChange, discard };
}
