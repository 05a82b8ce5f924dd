import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useListColumns } from '../../../components/list-columns';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { useListFilters } from '../../../lib/use-list-filters';
import { onboardingListQuery, type OnboardingRow } from '../api';
import { EntryPlace, orEmpty, StepsDone, useOnboardingNames } from '../labels';
import { ENTRY_PATH } from '../start-dialog';

/** The entries someone still has to fill in: new ones, and the ones the approver sent back. */
const TO_FILL = ['draft', 'returned'] as const;
type ToFill = (typeof TO_FILL)[number];

/**
 * 入职登记 opened from the sidebar or the workbench, without an entry: the entries waiting to be filled in,
 * each opening its form. 入职管理 starts entries and lists every one with its filters.
 */
export function PendingEntries({ onboardingListPath }: { onboardingListPath: string | null }) {
  const { t } = useTranslation('onboarding');
  const names = useOnboardingNames();
  const navigate = useNavigate();
  // A status chosen is a new search: the list starts again at its first page.
  const { filters, paging, setPaging, search } = useListFilters((values: { status: ToFill }) => values, {
    status: 'draft',
  });
  const { status } = filters;
  const list = useQuery(onboardingListQuery({ status, ...paging }));

  const columns = useListColumns<OnboardingRow>('onboarding-to-fill', [
    { title: t('list.fields.name'), key: 'name', dataIndex: 'name', width: 90, card: 'title' },
    {
      title: t('list.columns.place'),
      key: 'place',
      width: 220,
      card: 'field',
      render: (_value, entry) => <EntryPlace entry={entry} />,
    },
    {
      title: t('list.fields.entryDate'),
      key: 'entryDate',
      dataIndex: 'entry_date',
      width: 110,
      card: 'field',
      render: orEmpty,
    },
    {
      title: t('list.columns.steps'),
      key: 'steps',
      dataIndex: 'steps',
      width: 220,
      render: (steps: OnboardingRow['steps']) => <StepsDone steps={steps} />,
    },
    ...(status === 'returned'
      ? [
          {
            title: t('list.fields.returnComment'),
            key: 'returnComment',
            dataIndex: 'return_comment',
            width: 200,
            ellipsis: true,
            card: 'field' as const,
            render: orEmpty,
          },
        ]
      : []),
    {
      title: t('list.columns.actions'),
      key: 'actions',
      width: 80,
      card: 'actions',
      render: (_value, entry) => (
        <Button type="link" size="small" onClick={() => void navigate(`${ENTRY_PATH}?id=${entry.id}`)}>
          {t('list.actions.fill')}
        </Button>
      ),
    },
  ]);

  return (
    <Card
      title={t('entry.pending.title')}
      extra={
        <ListToolbar>
          {onboardingListPath && (
            <Button onClick={() => void navigate(onboardingListPath)}>{t('entry.toList')}</Button>
          )}
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <Segmented<ToFill>
          aria-label={t('list.fields.status')}
          value={status}
          onChange={(next) => search({ status: next })}
          options={TO_FILL.map((value) => ({ value, label: names.status(value) }))}
          style={{ alignSelf: 'flex-start' }}
        />
        <PagedTable
          columns={columns}
          list={list}
          paging={paging}
          onPaging={setPaging}
          locale={{ emptyText: t('entry.pending.empty') }}
        />
      </Flex>
    </Card>
  );
}
