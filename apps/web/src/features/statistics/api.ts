import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  DistributionAnswer,
  PolylineAnswer,
  PostTreeAnswer,
  ProhibitedAnswer,
  ResignAnswer,
  TransferAnswer,
  TurnoverAnswer,
  VacancyAnswer,
  YearAnswer,
} from '@dealer-hr/shared/statistics/contract';
import type { Granularity, TurnoverDimension } from '@dealer-hr/shared/statistics/rules';
import { get, type QueryParams } from '../../lib/api-client';

export type {
  CountItem,
  DistributionAnswer,
  PolylineAnswer,
  PolylinePoint,
  PostTreeAnswer,
  PostTreeNode,
  ProhibitedAnswer,
  ResignAnswer,
  TransferAnswer,
  TurnoverAnswer,
  TurnoverRow,
  VacancyAnswer,
  VacancyCell,
  VacancyRow,
  YearAnswer,
} from '@dealer-hr/shared/statistics/contract';

// The statistics routes (`statistic/*`, the shared statistics contract): read-only figures of the caller's
// data scope. Each query's filters are also the query of its page's export (the same names).

/** Every statistics query is cached under this key. */
export const STATISTICS_KEY = 'statistics';

/** A node of the department tree; the caller's whole scope when absent. */
export interface NodeFilters {
  department_id?: number;
}
/** A range of months, 'YYYY-MM'. */
export interface PeriodFilters extends NodeFilters {
  start: string;
  end: string;
}
export interface TurnoverFilters extends PeriodFilters {
  granularity: Granularity;
  dimension: TurnoverDimension;
  transfer_out: boolean;
}
export interface PolylineFilters extends NodeFilters {
  end: string;
  months: number;
}
export interface YearFilters extends NodeFilters {
  year: number;
}
/** The people on staff at `date` ('YYYY-MM-DD'). */
export interface DistributionFilters extends NodeFilters {
  date: string;
}
export const DISTRIBUTIONS = ['education', 'sex', 'age', 'tenure'] as const;
export type Distribution = (typeof DISTRIBUTIONS)[number];

/** One `statistic/<path>` query; filters change often, so the last answer stays shown while the next loads. */
const statisticQuery = <Answer>(path: string, filters: object) =>
  queryOptions({
    queryKey: [STATISTICS_KEY, path, filters],
    queryFn: ({ signal }) =>
      get<Answer>(`/auth/statistic/${path}`, { ...filters } as QueryParams, { signal }),
    placeholderData: keepPreviousData,
  });

export const turnoverQuery = (filters: TurnoverFilters) =>
  statisticQuery<TurnoverAnswer>('turnover', filters);
export const vacancyQuery = (filters: NodeFilters) => statisticQuery<VacancyAnswer>('vacancy', filters);
export const postTreeQuery = (filters: NodeFilters) => statisticQuery<PostTreeAnswer>('post/tree', filters);
export const resignQuery = (filters: PeriodFilters) => statisticQuery<ResignAnswer>('resign', filters);
export const transferQuery = (filters: PeriodFilters) => statisticQuery<TransferAnswer>('transfer', filters);
/** The prohibited list is the group's: it takes no department. */
export const prohibitedQuery = (filters: Omit<PeriodFilters, 'department_id'>) =>
  statisticQuery<ProhibitedAnswer>('prohibited', filters);
export const polylineQuery = (filters: PolylineFilters) =>
  statisticQuery<PolylineAnswer>('polyline', filters);
export const yearQuery = (filters: YearFilters) => statisticQuery<YearAnswer>('year', filters);
export const distributionQuery = (distribution: Distribution, filters: DistributionFilters) =>
  statisticQuery<DistributionAnswer>(distribution, filters);

/** An export's query: the page's filters, as the export route reads them. */
export const exportFilters = (filters: object): QueryParams => ({ ...filters }) as QueryParams;
