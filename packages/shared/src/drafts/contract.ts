// The drafts routes' request and answer schemas (`/api/auth/draft/*`). The server validates and documents
// with them; the web only imports their types (`import type`), so zod stays out of its bundle. The query
// string naming a draft is the server's own.
import { z } from 'zod';
import { DRAFT_KEY_PATTERN, draftMessages } from './rules';

export const zDraftKey = z
  .string({ error: draftMessages.keyInvalid })
  .trim()
  .regex(DRAFT_KEY_PATTERN, { error: draftMessages.keyInvalid });

/** A form's draft as the server keeps it (`draft/detail`, `draft/store`). */
export const draftAnswer = z.object({
  key: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DraftAnswer = z.infer<typeof draftAnswer>;

/** Replaces the form's draft; its JSON text may be at most DRAFT_MAX_BYTES (checked by the route). */
export const draftStoreBody = z.object({ key: zDraftKey, data: z.record(z.string(), z.unknown()) });
export type DraftStoreInput = z.input<typeof draftStoreBody>;
