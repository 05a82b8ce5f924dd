import { useEffect, useState } from 'react';
import { addErrorLog } from '../../lib/error-log';

export type LazyModule<T> = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; value: T };

/**
 * What `load` resolves to, loaded the first time `enabled` is true (and kept afterwards). `load` should
 * be a stable function, e.g. one declared at module level.
 */
export function useLazyModule<T>(load: () => Promise<T>, enabled: boolean): LazyModule<T> {
  // The value is wrapped: a module's export may itself be a function or class, which setState would call.
  const [state, setState] = useState<LazyModule<T>>({ status: 'idle' });
  const wanted = enabled && state.status !== 'ready';

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    load().then(
      (value) => {
        if (current) setState({ status: 'ready', value });
      },
      (error: unknown) => {
        addErrorLog(error, { component: 'useLazyModule' });
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, load]);

  return wanted && state.status === 'idle' ? { status: 'loading' } : state;
}
