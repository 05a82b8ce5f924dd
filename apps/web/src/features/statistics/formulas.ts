import { useTranslation } from 'react-i18next';
import { NEW_EMPLOYEE_MONTHS, type TurnoverFormula } from '@dealer-hr/shared/statistics/rules';
import type { TurnoverRow, VacancyCell } from './api';
import { formatPercent } from '../../components/charts/chart-option';

/** A rate as shown, and its formula with the counts behind it. */
export interface Figure {
  rate: number | null;
  formula: string;
}

type TurnoverCounts = Pick<
  TurnoverRow,
  | 'headcount_start'
  | 'headcount_end'
  | 'hires'
  | 'leavers'
  | 'voluntary_leavers'
  | 'new_leavers'
  | 'rate_end'
  | 'rate_average'
  | 'voluntary_rate_end'
  | 'voluntary_rate_average'
  | 'new_employee_rate'
>;
type VacancyFigures = Pick<VacancyCell, 'planned' | 'held' | 'vacancy' | 'vacancy_rate' | 'fill_rate'>;

/**
 * The rates of the statistics with their formulas written out (packages/shared statistics rules): the
 * chosen turnover form decides both the figure and the formula quoted beside it.
 */
export function useFormulas() {
  const { t } = useTranslation('statistics');
  const written = (key: string, rate: number | null, counts: Record<string, number>): Figure => ({
    rate,
    formula:
      t(`formulas.${key}`, { ...counts, rate: formatPercent(rate) }) +
      (rate === null ? ` ${t('formulas.nothingToDivide')}` : ''),
  });
  return {
    turnover: (row: TurnoverCounts, form: TurnoverFormula) =>
      written(form === 'end' ? 'rateEnd' : 'rateAverage', form === 'end' ? row.rate_end : row.rate_average, {
        leavers: row.leavers,
        start: row.headcount_start,
        end: row.headcount_end,
      }),
    voluntary: (row: TurnoverCounts, form: TurnoverFormula) =>
      written(
        form === 'end' ? 'voluntaryEnd' : 'voluntaryAverage',
        form === 'end' ? row.voluntary_rate_end : row.voluntary_rate_average,
        { leavers: row.voluntary_leavers, start: row.headcount_start, end: row.headcount_end },
      ),
    newEmployee: (row: TurnoverCounts) =>
      written('newEmployee', row.new_employee_rate, {
        months: NEW_EMPLOYEE_MONTHS,
        leavers: row.new_leavers,
        hires: row.hires,
      }),
    /** The month-end form of a month's turnover (the overview's trend). */
    monthEnd: (leavers: number, headcount: number, rate: number | null) =>
      written('rateEnd', rate, { leavers, end: headcount }),
    vacancy: (figures: VacancyFigures) =>
      written('vacancy', figures.vacancy_rate, { vacancy: figures.vacancy, planned: figures.planned }),
    fill: (figures: VacancyFigures) =>
      written('fill', figures.fill_rate, {
        filled: Math.min(figures.planned, figures.held),
        planned: figures.planned,
      }),
  };
}
