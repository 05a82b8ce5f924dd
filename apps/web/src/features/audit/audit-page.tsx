import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@dealer-hr/shared/time';
import { DayRangeFilter, FilterBar, SelectFilter, TextFilter } from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { PagedTable } from '../../components/paged-table';
import { auditFilterOptionsQuery, auditListQuery, type AuditFilters, type AuditRow } from './api';
import { AuditDetailDrawer } from './audit-detail-drawer';
import { actionLabel, entityLabel, fieldLabel, userLabel } from './audit-labels';
import styles from './audit.module.css';
import { dayRangeFilters, type DayRangeValue } from '../../lib/day-range';
import { useListFilters, withoutEmpty } from '../../lib/use-list-filters';

interface FilterValues {
  username?: string;
  entity?: string;
  action?: string;
  entity_id?: string;
  range?: DayRangeValue;
}

/** Field names shown in a row before "and N more". */
const FIELDS_SHOWN = 4;

/** The date range goes to the server as two days, `from` and `to`; either end may be left open. */
function toFilters({ range, ...values }: FilterValues): AuditFilters {
  return withoutEmpty({ ...values, ...dayRangeFilters(range) });
}

/** `/system/audit`: who changed what, when and from where; a row opens the change field by field. */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery(auditListQuery({ ...filters, ...paging }));
  const options = useQuery(auditFilterOptionsQuery());

  const columns = useListColumns<AuditRow>('audit', [
    {
      title: t('columns.time'),
      key: 'time',
      dataIndex: 'created_at',
      width: 160,
      card: 'title',
      render: (value: string) => parseTime(value),
    },
    {
      title: t('columns.user'),
      key: 'user',
      dataIndex: 'user',
      width: 150,
      card: 'field',
      render: (user: AuditRow['user']) =>
        user ? userLabel(t, user) : <Typography.Text type="secondary">{t('system')}</Typography.Text>,
    },
    {
      title: t('columns.action'),
      key: 'action',
      dataIndex: 'action',
      width: 90,
      card: 'field',
      render: (action: string) => <Tag color={actionColor(action)}>{actionLabel(t, action)}</Tag>,
    },
    {
      title: t('columns.entity'),
      key: 'entity',
      dataIndex: 'entity',
      width: 120,
      card: 'field',
      render: (entity: string) => entityLabel(t, entity),
    },
    { title: t('columns.entityId'), key: 'entityId', dataIndex: 'entity_id', width: 80, choice: 'default' },
    {
      title: t('columns.fields'),
      key: 'fields',
      dataIndex: 'changed_fields',
      width: 220,
      render: (fields: string[]) => (
        <Typography.Text className={styles.fields}>
          {fields
            .slice(0, FIELDS_SHOWN)
            .map((field) => fieldLabel(t, field))
            .join(t('fieldSeparator'))}
          {fields.length > FIELDS_SHOWN && ` ${t('moreFields', { count: fields.length - FIELDS_SHOWN })}`}
        </Typography.Text>
      ),
    },
    { title: t('columns.ip'), key: 'ip', dataIndex: 'ip', width: 120, choice: 'default' },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 80,
      card: 'actions',
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => setOpenId(row.id)}>
          {t('detail.open')}
        </Button>
      ),
    },
  ]);

  return (
    <Card>
      <Flex vertical gap={16}>
        <FilterBar name="audit-filters" onSearch={search} labelled>
          <TextFilter
            name="username"
            label={t('filters.user')}
            placeholder={t('filters.userPlaceholder')}
            width={160}
          />
          <SelectFilter
            name="entity"
            label={t('filters.entity')}
            placeholder={t('filters.all')}
            width={160}
            showSearch={{ optionFilterProp: 'label' }}
            options={(options.data?.entities ?? []).map((entity) => ({
              value: entity,
              label: entityLabel(t, entity),
            }))}
          />
          <SelectFilter
            name="action"
            label={t('filters.action')}
            placeholder={t('filters.all')}
            width={130}
            options={(options.data?.actions ?? []).map((action) => ({
              value: action,
              label: actionLabel(t, action),
            }))}
          />
          <TextFilter name="entity_id" label={t('filters.entityId')} width={110} />
          <DayRangeFilter
            name="range"
            label={t('filters.date')}
            placeholder={[t('filters.from'), t('filters.to')]}
          />
        </FilterBar>
        {columns.setting && <Flex justify="end">{columns.setting}</Flex>}
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      <AuditDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

function actionColor(action: string): string | undefined {
  if (action === 'create') return 'green';
  if (action === 'delete') return 'red';
  if (action === 'update') return 'blue';
  return 'gold';
}
