import { FileSearchOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Space, Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRAINING_TYPES, type TrainingImportKind, type TrainingType } from '@dealer-hr/shared/training/rules';
import { DeleteButton } from '../../components/delete-button';
import {
  DayRangeFilter,
  FilterBar,
  FilterField,
  SelectFilter,
  TextFilter,
} from '../../components/filter-bar';
import { ImportDialog } from '../../components/import-dialog';
import { useListColumns } from '../../components/list-columns';
import { ListTable } from '../../components/list-table';
import { CreateAction, ExportAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { Permission } from '../../components/permission';
import { StoreSelect } from '../../components/store-select';
import { dayRangeFilters, type DayRangeValue } from '../../lib/day-range';
import { useIdParam } from '../../lib/use-id-param';
import { useListFilters, withoutEmpty } from '../../lib/use-list-filters';
import {
  TRAINING_KEY,
  courseListQuery,
  deleteCourse,
  exportFiltersOf,
  summaryQuery,
  type CourseFilters,
  type CourseRow,
  type SummaryFilters,
  type TrainingSummaryRow,
} from './api';
import { CourseFormDialog } from './course-form-dialog';
import { ImportReportDialog } from './import-report-dialog';
import { RosterDrawer } from './roster-drawer';
import { DateRange } from '../../components/unbroken';

interface FilterValues {
  keyword?: string;
  type?: TrainingType;
  region_id?: number;
  store_id?: number;
  range?: DayRangeValue;
}

/** The start-date range goes to the server as two days, `from` and `to`. */
function toFilters({ range, ...values }: FilterValues): CourseFilters {
  const { from, to } = dayRangeFilters(range);
  return withoutEmpty({ ...values, from, to });
}

const percent = (rate: number | null) => (rate === null ? '-' : `${Math.round(rate * 1000) / 10}%`);

/**
 * `/staff/training`: the courses areas and stores hold and who attended them, the same courses added up by
 * area and by store, and the two Excel imports (courses, then their rosters) with a report of the last one.
 */
export function TrainingPage() {
  const { t } = useTranslation('training');
  const queryClient = useQueryClient();
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(courseListQuery({ ...filters, ...paging }));
  const summaryFilters: SummaryFilters = withoutEmpty({
    type: filters.type,
    from: filters.from,
    to: filters.to,
  });
  const areas = useQuery(summaryQuery('area', summaryFilters));
  const stores = useQuery(summaryQuery('store', { ...summaryFilters, region_id: filters.region_id }));
  const [rosterId, showRoster] = useIdParam('id');
  const [editing, setEditing] = useState<{ course: CourseRow | null } | null>(null);
  const [importing, setImporting] = useState<TrainingImportKind | null>(null);
  const [reporting, setReporting] = useState(false);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [TRAINING_KEY] }),
    [queryClient],
  );

  const columns = useListColumns<CourseRow>('training', [
    { title: t('fields.name'), key: 'name', dataIndex: 'name', width: 150, ellipsis: true, card: 'title' },
    { title: t('fields.code'), key: 'code', dataIndex: 'code', width: 100, choice: 'default' },
    {
      title: t('fields.type'),
      key: 'type',
      dataIndex: 'type',
      width: 90,
      card: 'field',
      render: (type: TrainingType) => t(`types.${type}`),
    },
    { title: t('fields.trainer'), key: 'trainer', dataIndex: 'trainer', width: 80, choice: 'default' },
    {
      title: t('fields.dates'),
      key: 'dates',
      // A period breaks after its tilde (DateRange): two lines of one date each.
      width: 120,
      card: 'field',
      render: (_value, course) => <DateRange from={course.start_date} to={course.end_date} />,
    },
    { title: t('fields.hours'), key: 'hours', dataIndex: 'hours', width: 60, choice: 'default' },
    {
      title: t('fields.department'),
      key: 'department',
      dataIndex: 'department_name',
      width: 130,
      ellipsis: true,
      card: 'field',
    },
    {
      title: t('fields.attendance'),
      key: 'attendance',
      width: 130,
      choice: 'default',
      render: (_value, course) => t('attendanceCounts', course),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      // The three on one line, in each language.
      width: 185,
      card: 'actions',
      render: (_value, course) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => showRoster(course.id)}>
            {t('actions.roster')}
          </Button>
          <Permission name="staff:training:update">
            <Button type="link" size="small" onClick={() => setEditing({ course })}>
              {t('actions.edit')}
            </Button>
          </Permission>
          <Permission name="staff:training:delete">
            <DeleteButton
              title={t('confirmDelete', { name: course.name })}
              description={
                course.attendees > 0 ? t('confirmDeleteRoster', { count: course.attendees }) : undefined
              }
              onConfirm={() => deleteCourse(course.id).then(refresh)}
            />
          </Permission>
        </Space>
      ),
    },
  ]);

  const summaryColumns = (by: 'area' | 'store') => [
    {
      title: t(by === 'area' ? 'fields.region' : 'fields.store'),
      key: 'name',
      dataIndex: 'department_name',
      width: 150,
      card: 'title' as const,
    },
    ...(by === 'store'
      ? [{ title: t('fields.region'), key: 'region', dataIndex: 'region_name', width: 110 }]
      : []),
    { title: t('summary.courses'), key: 'courses', dataIndex: 'courses', width: 80, card: 'field' as const },
    { title: t('summary.hours'), key: 'hours', dataIndex: 'hours', width: 80 },
    { title: t('summary.attendees'), key: 'attendees', dataIndex: 'attendees', width: 90 },
    { title: t('summary.attended'), key: 'attended', dataIndex: 'attended', width: 90 },
    { title: t('summary.passed'), key: 'passed', dataIndex: 'passed', width: 90 },
    {
      title: t('summary.passRate'),
      key: 'passRate',
      dataIndex: 'pass_rate',
      width: 90,
      card: 'field' as const,
      render: percent,
    },
  ];
  const areaColumns = useListColumns<TrainingSummaryRow>('training-area', summaryColumns('area'));
  const storeColumns = useListColumns<TrainingSummaryRow>('training-store', summaryColumns('store'));
  const regionOptions = (areas.data ?? []).map((row) => ({
    value: row.department_id,
    label: row.department_name,
  }));

  return (
    <Card
      title={t('title')}
      extra={
        <ListToolbar>
          {columns.setting}
          <CreateAction permission="staff:training:create" onClick={() => setEditing({ course: null })}>
            {t('actions.create')}
          </CreateAction>
          <Permission name="staff:training:import">
            <Button icon={<UploadOutlined />} onClick={() => setImporting('training-courses')}>
              {t('actions.importCourses')}
            </Button>
          </Permission>
          <Permission name="staff:training:import">
            <Button icon={<UploadOutlined />} onClick={() => setImporting('training-records')}>
              {t('actions.importRecords')}
            </Button>
          </Permission>
          <Permission name="staff:training:import">
            <Button icon={<FileSearchOutlined />} onClick={() => setReporting(true)}>
              {t('actions.lastImport')}
            </Button>
          </Permission>
          <ExportAction permission="staff:training:export" kind="training" filters={exportFiltersOf(filters)}>
            {t('actions.export')}
          </ExportAction>
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="training-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={170} />
          <SelectFilter
            name="type"
            label={t('fields.type')}
            width={130}
            options={TRAINING_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          />
          <SelectFilter name="region_id" label={t('fields.region')} width={130} options={regionOptions} />
          <FilterField name="store_id" label={t('fields.store')} width={170}>
            {(control) => <StoreSelect {...control} />}
          </FilterField>
          <DayRangeFilter name="range" placeholder={[t('filters.from'), t('filters.to')]} width={250} />
        </FilterBar>
        <Tabs
          items={[
            {
              key: 'courses',
              label: t('tabs.courses'),
              children: <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />,
            },
            {
              key: 'area',
              label: t('tabs.area'),
              children: (
                <ListTable
                  columns={areaColumns}
                  rowKey="department_id"
                  dataSource={areas.data ?? []}
                  loading={areas.isFetching}
                />
              ),
            },
            {
              key: 'store',
              label: t('tabs.store'),
              children: (
                <ListTable
                  columns={storeColumns}
                  rowKey="department_id"
                  dataSource={stores.data ?? []}
                  loading={stores.isFetching}
                />
              ),
            },
          ]}
        />
      </Flex>
      <CourseFormDialog
        open={editing !== null}
        course={editing?.course ?? null}
        onClose={() => setEditing(null)}
      />
      <RosterDrawer id={rosterId} onClose={() => showRoster(null)} />
      <ImportDialog
        open={importing !== null}
        kind={importing ?? 'training-courses'}
        title={t(importing === 'training-records' ? 'import.recordsTitle' : 'import.coursesTitle')}
        templateName={t(
          importing === 'training-records' ? 'import.recordsTemplate' : 'import.coursesTemplate',
        )}
        onClose={() => setImporting(null)}
        onImported={refresh}
      />
      <ImportReportDialog open={reporting} onClose={() => setReporting(false)} />
    </Card>
  );
}
