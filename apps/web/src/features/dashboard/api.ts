import { queryOptions } from '@tanstack/react-query';
import type { WorkbenchAnswer } from '@dealer-hr/shared/statistics/contract';
import { get } from '../../lib/api-client';

export type { WorkbenchAnswer, WorkbenchTask } from '@dealer-hr/shared/statistics/contract';
export type Workbench = WorkbenchAnswer;

/**
 * `home/index/workbench`: the sections the caller may see (the others are null, or no tasks). Silent: the
 * workbench is where every sign-in lands, so a failure is told on the page, not as a toast over the shell.
 */
export const workbenchQuery = () =>
  queryOptions({
    queryKey: ['workbench'],
    queryFn: ({ signal }) =>
      get<WorkbenchAnswer>('/auth/home/index/workbench', undefined, { signal, silent: true }),
    retry: false,
  });
