import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VacancyCell } from './api';
import { useFormulas } from './formulas';
import { heatOf } from './heat';
import { RateFigure } from './rate-figure';

/** What a cell, a store, a post or the whole plan adds up to. */
export type VacancyFigures = Pick<
  VacancyCell,
  'planned' | 'held' | 'vacancy' | 'over' | 'vacancy_rate' | 'fill_rate'
>;

/** A cell's props for its heat: the background of its vacancy rate. */
export const heatCell = (figures: VacancyFigures) => ({
  style: { background: heatOf(figures.vacancy_rate) },
});

/** The whole plan in one line: planned, held, vacant, over, and the two rates with their formulas. */
export function VacancySummary({ figures }: { figures: VacancyFigures }) {
  const { t } = useTranslation('statistics');
  const formulas = useFormulas();
  return (
    <Flex wrap gap={16} align="center">
      {(['planned', 'held', 'vacancy', 'over'] as const).map((key) => (
        <Typography.Text key={key}>
          {t(`figures.${key}`)} <Typography.Text strong>{figures[key]}</Typography.Text>
        </Typography.Text>
      ))}
      <Typography.Text>
        {t('figures.vacancyRate')} <RateFigure strong figure={formulas.vacancy(figures)} />
      </Typography.Text>
      <Typography.Text>
        {t('figures.fillRate')} <RateFigure figure={formulas.fill(figures)} />
      </Typography.Text>
    </Flex>
  );
}

/** A cell of the grid: held of planned, and what is vacant or over. */
export function CellFigures({ figures }: { figures: VacancyFigures }) {
  const { t } = useTranslation('statistics');
  if (figures.planned === 0 && figures.held === 0) return <span>—</span>;
  return (
    <Flex vertical align="center">
      <span>{t('vacancy.heldOf', { held: figures.held, planned: figures.planned })}</span>
      {figures.vacancy > 0 && <small>{t('vacancy.short', { count: figures.vacancy })}</small>}
      {figures.over > 0 && <small>{t('vacancy.overShort', { count: figures.over })}</small>}
    </Flex>
  );
}
