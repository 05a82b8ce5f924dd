import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DictType, EmployeeStatus } from '@dealer-hr/shared/dictionary-types';
import { DepartmentTreeSelect } from '../../components/department-tree-select';
import { DictionarySelect, useDictionaryLabel } from '../../components/dictionary-select';
import {
  DayRangeFilter,
  FilterBar,
  FilterField,
  SelectFilter,
  TextFilter,
} from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { ExportAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { Permission, usePermission } from '../../components/permission';
import { PostSelect } from '../../components/post-select';
import { StoreSelect } from '../../components/store-select';
import { dayRangeFilters, type DayRangeValue } from '../../lib/day-range';
import { findMenu } from '../../lib/menu-tree';
import { useMenuTree } from '../../lib/session-queries';
import { useListFilters, withoutEmpty } from '../../lib/use-list-filters';
import {
  detailPath,
  exportFiltersOf,
  staffListQuery,
  type Gender,
  type StaffFilters,
  type StaffRow,
} from './api';
import { IdNumber } from './id-number';
import { StatusTag, orEmpty } from './labels';
import { StaffFormDialog } from './staff-form-dialog';

interface FilterValues {
  keyword?: string;
  phone?: string;
  id_number?: string;
  store_id?: number;
  department_id?: number;
  post_id?: number;
  status?: EmployeeStatus;
  employee_type_id?: number;
  entry?: DayRangeValue;
}

/** The entry-date range goes to the server as two plain days: entry dates have no time of day. */
function toFilters({ entry, ...values }: FilterValues): StaffFilters {
  const { from, to } = dayRangeFilters(entry);
  return withoutEmpty({ ...values, entry_from: from, entry_to: to });
}

/** The dictionary a row names (its employee type), in the reader's language. */
const ROW_DICTIONARIES = [DictType.EMPLOYEE_TYPE];

/**
 * `/staff/list` (员工花名册): the people of the caller's data scope with where they work now. ID numbers
 * show masked; 详情 opens the profile page, 编辑 the profile form.
 */
export function DirectoryPage() {
  const { t } = useTranslation('staff');
  const dictionaryLabel = useDictionaryLabel(ROW_DICTIONARIES);
  const navigate = useNavigate();
  const can = usePermission();
  const canReveal = can('staff:list:reveal-id');
  // The profile is a hidden page of the menu: without it there is nowhere for 详情 to go.
  const { data: menus } = useMenuTree();
  const hasDetailPage = findMenu(menus, '/staff/detail') !== undefined;
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(staffListQuery({ ...filters, ...paging }));
  const [editingId, setEditingId] = useState<number | null>(null);

  const columns = useListColumns<StaffRow>('staff', [
    {
      title: t('fields.name'),
      key: 'name',
      width: 100,
      card: 'title',
      render: (_value, staff) => (
        <Flex vertical>
          <Typography.Text>{staff.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {staff.employee_no}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fields.gender'),
      key: 'gender',
      dataIndex: 'gender',
      width: 70,
      choice: 'optional',
      render: (gender: Gender) => t(`gender.${gender}`),
    },
    { title: t('fields.phone'), key: 'phone', dataIndex: 'phone', width: 115, card: 'field' },
    {
      title: t('fields.idNumber'),
      key: 'idNumber',
      dataIndex: 'id_number',
      width: canReveal ? 200 : 165,
      choice: 'default',
      // Keyed by the masked number: a changed number hides what was revealed of the old one.
      render: (masked: string, staff) => (
        <IdNumber key={masked} id={staff.id} masked={masked} canReveal={canReveal} />
      ),
    },
    {
      title: t('fields.store'),
      key: 'store',
      dataIndex: 'store_name',
      width: 140,
      // Someone lent to another store is listed at home and marked where they work for now.
      render: (store: string | null, staff) =>
        staff.dispatched_to ? (
          <Flex vertical>
            <span>{orEmpty(store)}</span>
            <Typography.Text type="secondary">
              {t('list.dispatchedTo', { store: staff.dispatched_to })}
            </Typography.Text>
          </Flex>
        ) : (
          orEmpty(store)
        ),
    },
    {
      title: t('fields.department'),
      key: 'department',
      dataIndex: 'department_name',
      width: 100,
      choice: 'default',
      render: orEmpty,
    },
    {
      title: t('fields.post'),
      key: 'post',
      dataIndex: 'post_name',
      width: 100,
      card: 'field',
      render: orEmpty,
    },
    {
      title: t('fields.employeeType'),
      key: 'employeeType',
      dataIndex: 'employee_type_name',
      width: 100,
      choice: 'optional',
      render: (name: string | null, staff) =>
        orEmpty(dictionaryLabel(DictType.EMPLOYEE_TYPE, staff.employee_type_id, name)),
    },
    {
      title: t('fields.status'),
      key: 'status',
      dataIndex: 'status',
      width: 70,
      card: 'field',
      render: (status: EmployeeStatus) => <StatusTag status={status} />,
    },
    {
      title: t('fields.entryDate'),
      key: 'entryDate',
      dataIndex: 'entry_date',
      width: 100,
      choice: 'default',
    },
    {
      title: t('fields.leftOn'),
      key: 'leftOn',
      dataIndex: 'left_on',
      width: 100,
      choice: 'optional',
      render: orEmpty,
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 110,
      card: 'actions',
      render: (_value, staff) => (
        <Space size={0} wrap>
          {hasDetailPage && (
            <Button type="link" size="small" onClick={() => void navigate(detailPath(staff.id))}>
              {t('actions.detail')}
            </Button>
          )}
          <Permission name="staff:list:update">
            <Button type="link" size="small" onClick={() => setEditingId(staff.id)}>
              {t('actions.edit')}
            </Button>
          </Permission>
        </Space>
      ),
    },
  ]);

  return (
    <Card
      title={t('title')}
      extra={
        <ListToolbar>
          {columns.setting}
          <ExportAction permission="staff:list:export" kind="staff" filters={exportFiltersOf(filters)}>
            {t('actions.export')}
          </ExportAction>
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        {/* On a narrow desktop window the filters shrink and wrap instead of overflowing. */}
        <FilterBar name="staff-filters" onSearch={search} shrink>
          <TextFilter name="keyword" label={t('filters.keyword')} width={190} />
          <TextFilter name="phone" label={t('fields.phone')} width={140} inputMode="tel" />
          <TextFilter name="id_number" label={t('filters.idNumber')} width={190} />
          <FilterField name="store_id" label={t('fields.store')} width={160}>
            {(control) => <StoreSelect {...control} />}
          </FilterField>
          <FilterField name="department_id" label={t('fields.department')} width={160}>
            {(control) => <DepartmentTreeSelect {...control} />}
          </FilterField>
          <FilterField name="post_id" label={t('fields.post')} width={140}>
            {(control) => <PostSelect {...control} />}
          </FilterField>
          <SelectFilter
            name="status"
            label={t('fields.status')}
            width={110}
            options={EmployeeStatus.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
          <FilterField name="employee_type_id" label={t('fields.employeeType')} width={120}>
            {(control) => <DictionarySelect typeId={DictType.EMPLOYEE_TYPE} {...control} />}
          </FilterField>
          <DayRangeFilter
            name="entry"
            placeholder={[t('filters.entryFrom'), t('filters.entryTo')]}
            width={260}
          />
        </FilterBar>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      <StaffFormDialog staffId={editingId} onClose={() => setEditingId(null)} />
    </Card>
  );
}
