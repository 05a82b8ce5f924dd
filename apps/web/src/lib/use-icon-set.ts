import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';

export type IconSet = ReadonlyMap<string, ComponentType>;

let loading: Promise<IconSet> | undefined;

/** The Outlined icon set, loaded once per page load; a failed load is tried again on the next call. */
export function loadIconSet(): Promise<IconSet> {
  loading ??= import('./icon-set').then(
    (module) => module.outlinedIcons,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export type IconSetState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; icons: IconSet };

/** The icon set, loaded the first time `enabled` is true and kept afterwards. */
export function useIconSet(enabled = true): IconSetState {
  const [state, setState] = useState<IconSetState>({ status: 'idle' });
  const wanted = enabled && state.status === 'idle';

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loadIconSet().then(
      (icons) => {
        if (current) setState({ status: 'ready', icons });
      },
      (error: unknown) => {
        console.error('the icon set could not be loaded', error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  return wanted ? { status: 'loading' } : state;
}
