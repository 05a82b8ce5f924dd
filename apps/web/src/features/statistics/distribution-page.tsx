import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportAction, ListToolbar } from '../../components/list-toolbar';
import {
  DISTRIBUTIONS,
  distributionQuery,
  exportFilters,
  type Distribution,
  type DistributionFilters,
} from './api';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { CountPanel, type ItemNaming } from './count-panel';
import { DateFilter, DepartmentFilter, FilterRow } from './filters';
import { today } from './period';

/** How each breakdown is drawn, and which of them the web names itself (the others are dictionaries). */
const SHAPES: Record<Distribution, { shape: 'pie' | 'bars' | 'sideBars' } & ItemNaming> = {
  education: { shape: 'sideBars', dictionary: DictType.EDUCATION },
  sex: { shape: 'pie', group: 'sex' },
  age: { shape: 'bars', group: 'age' },
  tenure: { shape: 'bars', group: 'tenure' },
};

/**
 * `/statistics/distribution` (人员结构分布): the people on staff at a date by education, sex, age band and
 * length of service.
 */
export function DistributionPage() {
  const { t } = useTranslation('statistics');
  const [filters, setFilters] = useState<DistributionFilters>(() => ({ date: today() }));
  return (
    <Card
      title={t('distribution.title')}
      extra={
        <ListToolbar>
          <ExportAction
            permission="statistics:distribution:export"
            kind="statistics_distribution"
            filters={exportFilters(filters)}
          >
            {t('export')}
          </ExportAction>
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterRow>
          <DepartmentFilter
            value={filters.department_id}
            onChange={(id) => setFilters((current) => ({ ...current, department_id: id }))}
          />
          <DateFilter
            value={filters.date}
            onChange={(date) => setFilters((current) => ({ ...current, date }))}
          />
        </FilterRow>
        <Row gutter={[12, 12]}>
          {DISTRIBUTIONS.map((distribution) => (
            <Col key={distribution} xs={24} xl={12}>
              <DistributionPanel distribution={distribution} filters={filters} />
            </Col>
          ))}
        </Row>
      </Flex>
    </Card>
  );
}

function DistributionPanel({
  distribution,
  filters,
}: {
  distribution: Distribution;
  filters: DistributionFilters;
}) {
  const { t } = useTranslation('statistics');
  const answer = useQuery(distributionQuery(distribution, filters));
  return (
    <CountPanel
      title={t(`distribution.${distribution}`)}
      items={answer.data?.items}
      loading={answer.isFetching}
      empty={t('empty.people', { date: filters.date })}
      {...SHAPES[distribution]}
    />
  );
}
