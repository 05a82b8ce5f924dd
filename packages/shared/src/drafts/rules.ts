// A user's form drafts (docs/domain.md "Drafts"): limits and messages as plain constants, free of zod, so the
// web imports them directly; the zod schemas built on them are in ./contract.

/** Largest draft kept, as JSON text: a form's fields, never its files (those are uploads). */
export const DRAFT_MAX_BYTES = 64 * 1024;

/** A form's key: letters, digits and `: . _ -`, at most 100 characters (`onboarding:12:personal`). */
export const DRAFT_KEY_PATTERN = /^[A-Za-z0-9:._-]{1,100}$/;

export const draftMessages = {
  keyInvalid: '草稿标识不正确',
  tooLarge: `草稿过大，最大 ${DRAFT_MAX_BYTES / 1024} KB`,
} as const;
