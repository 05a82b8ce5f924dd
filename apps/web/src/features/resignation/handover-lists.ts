import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { HANDOVER_KINDS, HANDOVER_LIMIT, HANDOVER_PAGE } from '@dealer-hr/shared/handover/rules';
import { fetchHandoverList, type HandoverItem, type HandoverKind } from './handover-api';

// The handover dialog's two lists, as the specification states them (sections 2, 3 and 4): each holds its query
// {page, limit}, rows, total, selected rows and loading and loaded flags; each loads once per opening (skipped
// while loading or loaded, or when the record lacks its id or its user's userid), is then marked loaded with
// its selection cleared; closing resets both. The transitions are plain functions, so each rule is tested alone.

/** The record the dialog opens with: a resignation and its leaver's userid on the work-messaging platform. */
export interface HandoverRecord {
  id: number;
  user: { userid: string | null };
}

export interface HandoverList {
  query: { page: number; limit: number };
  data: HandoverItem[];
  total: number;
  /** Chosen rows, kept across pages: a hand-over may take rows from several pages. */
  selected: HandoverItem[];
  loading: boolean;
  loaded: boolean;
}

export type HandoverLists = Record<HandoverKind, HandoverList>;

export const emptyList = (): HandoverList => ({
  query: { page: HANDOVER_PAGE, limit: HANDOVER_LIMIT },
  data: [],
  total: 0,
  selected: [],
  loading: false,
  loaded: false,
});

export const emptyLists = (): HandoverLists => ({ customer: emptyList(), group_chat: emptyList() });

/** Whether a list loads now: once per opening, and only for a record that names both ids. */
export const shouldLoad = (list: HandoverList, record: HandoverRecord | null): boolean =>
  !list.loading && !list.loaded && Boolean(record?.id) && Boolean(record?.user.userid);

export type HandoverAction =
  | { type: 'loading'; kind: HandoverKind; query?: HandoverList['query'] }
  | { type: 'loaded'; kind: HandoverKind; data: HandoverItem[]; total: number; keepSelection: boolean }
  | { type: 'failed'; kind: HandoverKind }
  | { type: 'select'; kind: HandoverKind; selected: HandoverItem[] }
  | { type: 'reset' };

export function handoverReducer(lists: HandoverLists, action: HandoverAction): HandoverLists {
  if (action.type === 'reset') return emptyLists();
  const list = lists[action.kind];
  switch (action.type) {
    case 'loading':
      return { ...lists, [action.kind]: { ...list, loading: true, query: action.query ?? list.query } };
    case 'loaded':
      return {
        ...lists,
        [action.kind]: {
          ...list,
          data: action.data,
          total: action.total,
          loading: false,
          loaded: true,
          // The first load of an opening starts with nothing chosen; a page change keeps the choice.
          selected: action.keepSelection ? list.selected : [],
        },
      };
    case 'failed':
      return { ...lists, [action.kind]: { ...list, loading: false } };
    case 'select':
      return { ...lists, [action.kind]: { ...list, selected: action.selected } };
  }
}

/**
 * The dialog's lists for `record` while `open`: both load once when it opens, closing resets them. `turnPage`
 * loads another page keeping the choice; `reload` reads the current page again (after a hand-over: the states
 * moved) and clears the choice.
 */
export function useHandoverLists(record: HandoverRecord | null, open: boolean) {
  const [lists, dispatch] = useReducer(handoverReducer, undefined, emptyLists);
  // The flags as of now, for a second effect run before React has re-rendered (strict mode, fast reopen).
  const current = useRef(lists);
  useLayoutEffect(() => {
    current.current = lists;
  }, [lists]);
  const opening = useRef(0);

  const load = useCallback(
    async (kind: HandoverKind, query: HandoverList['query'], keepSelection: boolean) => {
      if (!record?.id || !record.user.userid) return;
      const generation = opening.current;
      current.current = { ...current.current, [kind]: { ...current.current[kind], loading: true, query } };
      dispatch({ type: 'loading', kind, query });
      try {
        const page = await fetchHandoverList(kind, {
          ...query,
          userId: record.user.userid,
          resign_id: record.id,
        });
        // An answer for an opening that was closed meanwhile is dropped: closing reset the lists.
        if (generation === opening.current)
          dispatch({ type: 'loaded', kind, data: page.data, total: page.total, keepSelection });
      } catch {
        // The client has shown the server's message; the list may be opened again.
        if (generation === opening.current) dispatch({ type: 'failed', kind });
      }
    },
    [record],
  );

  useEffect(() => {
    if (!open) {
      opening.current += 1;
      current.current = emptyLists();
      dispatch({ type: 'reset' });
      return;
    }
    for (const kind of HANDOVER_KINDS)
      if (shouldLoad(current.current[kind], record)) void load(kind, current.current[kind].query, false);
  }, [open, record, load]);

  const turnPage = useCallback(
    (kind: HandoverKind, page: number, limit: number) => void load(kind, { page, limit }, true),
    [load],
  );
  const reload = useCallback(
    (kind: HandoverKind) => void load(kind, current.current[kind].query, false),
    [load],
  );
  const select = useCallback(
    (kind: HandoverKind, selected: HandoverItem[]) => dispatch({ type: 'select', kind, selected }),
    [],
  );
  return { lists, turnPage, reload, select };
}
