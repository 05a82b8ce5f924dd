/**
 * The drafts fetched or saved in this session, by form key (docs/web.md "Draft cache": "a cached draft is returned if
 * present"). Kept apart from lib/drafts.ts so that ending the session can clear it without importing the API
 * client.
 */
export const draftCache = new Map<string, unknown>();

export function forgetDrafts(): void {
  draftCache.clear();
}
