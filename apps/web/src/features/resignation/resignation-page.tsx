import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import {
  HANDOVER_FILTERS,
  HANDOVER_OPEN_STATUSES,
  RESIGNATION_STATUSES,
  RESIGNATION_TYPES,
  type ResignationStatus,
  type ResignationType,
} from '@dealer-hr/shared/resignation/rules';
import { DictionarySelect } from '../../components/dictionary-select';
import {
  DayRangeFilter,
  FilterBar,
  FilterField,
  SelectFilter,
  TextFilter,
} from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { CreateAction, ExportAction, ListToolbar } from '../../components/list-toolbar';
import { Permission } from '../../components/permission';
import { PagedTable } from '../../components/paged-table';
import { StoreSelect } from '../../components/store-select';
import type { TrailDrawer } from '../../components/trail-drawer';
import { dayRangeFilters, type DayRangeValue } from '../../lib/day-range';
import { findMenu } from '../../lib/menu-tree';
import { useIdParam } from '../../lib/use-id-param';
import { useListFilters, withoutEmpty } from '../../lib/use-list-filters';
import { useMenuTree } from '../../lib/session-queries';
import {
  resignationListQuery,
  type ResignationDetail,
  type ResignationFilters,
  type ResignationRow,
} from './api';
import { ResignationStatusTag } from './labels';
import { ResignationDetailDrawer } from './resignation-detail-drawer';
import { ResignationFormDialog } from './resignation-form-dialog';
import { ResignationSettingDialog } from './setting-dialog';

/** The page of one resignation's handover (a hidden menu item: transfer and retry are its buttons). */
const HANDOVER_PATH = '/staff/resignation/handover';

interface FilterValues extends Omit<ResignationFilters, 'from' | 'to'> {
  range?: DayRangeValue;
}

/** The range of last working days goes to the server as two days. */
function toFilters({ range, ...values }: FilterValues): ResignationFilters {
  const { from, to } = dayRangeFilters(range);
  return withoutEmpty({ ...values, from, to });
}

/**
 * `/staff/resignation` (离职管理): who leaves, why and when; filed here, approved in the approval centre, then
 * completed with 办理离职. `?id=N` opens one.
 */
export function ResignationPage({ Trail }: { Trail?: TrailDrawer }) {
  const { t } = useTranslation('resignation');
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(resignationListQuery({ ...filters, ...paging }));
  const [id, show] = useIdParam('id');
  const [editing, setEditing] = useState<{ resignation: ResignationDetail | null } | null>(null);
  const [setting, setSetting] = useState(false);
  // The handover page is a hidden menu item: offered where the menu grants it.
  const { data: menus } = useMenuTree();
  const handoverPage = findMenu(menus, HANDOVER_PATH) !== undefined;

  const columns = useListColumns<ResignationRow>('resignation', [
    {
      title: t('fields.employee'),
      key: 'employee',
      width: 110,
      card: 'title',
      render: (_value, row) => (
        <Flex vertical>
          <span>{row.employee_name}</span>
          <Typography.Text type="secondary">{row.employee_no}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fields.place'),
      key: 'place',
      width: 180,
      card: 'field',
      render: (_v, row) => (
        <Flex vertical>
          <span>{row.store_name ?? row.department_name ?? '-'}</span>
          <Typography.Text type="secondary">{row.post_name ?? '-'}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fields.type'),
      key: 'type',
      dataIndex: 'type',
      width: 110,
      card: 'field',
      render: (type: ResignationType) => t(`types.${type}`),
    },
    { title: t('fields.reason'), key: 'reason', dataIndex: 'reason_name', width: 100, card: 'field' },
    { title: t('fields.lastDay'), key: 'lastDay', dataIndex: 'last_day', width: 110, card: 'field' },
    {
      title: t('fields.status'),
      key: 'status',
      dataIndex: 'status',
      width: 90,
      card: 'field',
      render: (status: ResignationStatus) => <ResignationStatusTag status={status} />,
    },
    {
      title: t('fields.handover'),
      key: 'handover',
      width: 90,
      card: 'field',
      render: (_value, row) =>
        row.handover_total > 0 ? `${row.handover_done} / ${row.handover_total}` : '-',
    },
    { title: t('fields.createdBy'), key: 'createdBy', dataIndex: 'created_by', width: 90, choice: 'default' },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 110,
      card: 'actions',
      render: (_value, row) => (
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => show(row.id)}>
            {t('actions.view')}
          </Button>
          {handoverPage && HANDOVER_OPEN_STATUSES.includes(row.status) && row.user.userid ? (
            <Link to={`${HANDOVER_PATH}?id=${row.id}`}>{t('actions.handover')}</Link>
          ) : null}
        </Flex>
      ),
    },
  ]);

  return (
    <Card
      title={t('title')}
      extra={
        <ListToolbar>
          {columns.setting}
          <CreateAction
            permission="staff:resignation:create"
            onClick={() => setEditing({ resignation: null })}
          >
            {t('actions.create')}
          </CreateAction>
          <Permission name="staff:resignation:setting">
            <Button onClick={() => setSetting(true)}>{t('actions.setting')}</Button>
          </Permission>
          <ExportAction permission="staff:resignation:export" kind="resignation" filters={{ ...filters }}>
            {t('actions.export')}
          </ExportAction>
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="resignation-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={170} />
          <FilterField name="store_id" label={t('fields.store')} width={170}>
            {(control) => <StoreSelect {...control} />}
          </FilterField>
          <FilterField name="reason_id" label={t('fields.reason')} width={130}>
            {(control) => <DictionarySelect typeId={DictType.LEAVING_REASON} {...control} />}
          </FilterField>
          <SelectFilter
            name="type"
            label={t('fields.type')}
            width={130}
            options={RESIGNATION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          />
          <SelectFilter
            name="status"
            label={t('fields.status')}
            width={120}
            options={RESIGNATION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
          <SelectFilter
            name="handover"
            label={t('fields.handover')}
            width={120}
            options={HANDOVER_FILTERS.map((filter) => ({
              value: filter,
              label: t(`handoverFilters.${filter}`),
            }))}
          />
          <DayRangeFilter name="range" placeholder={[t('filters.from'), t('filters.to')]} width={250} />
        </FilterBar>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      <ResignationDetailDrawer
        id={id}
        onClose={() => show(null)}
        onEdit={(resignation) => setEditing({ resignation })}
        Trail={Trail}
      />
      <ResignationSettingDialog open={setting} onClose={() => setSetting(false)} />
      <ResignationFormDialog
        open={editing !== null}
        resignation={editing?.resignation ?? null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
