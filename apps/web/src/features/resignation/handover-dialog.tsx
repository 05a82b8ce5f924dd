import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HANDOVER_KINDS,
  MOVING_HANDOVER_STATES,
  RETRYABLE_HANDOVER_STATES,
} from '@dealer-hr/shared/handover/rules';
import { useListColumns } from '../../components/list-columns';
import { ListTable } from '../../components/list-table';
import { Pagination } from '../../components/pagination';
import { usePermission } from '../../components/permission';
import { RESIGNATION_KEY } from './api';
import {
  HANDOVER_REFRESH_MS,
  handoverDetailQuery,
  operateHandover,
  type HandoverItem,
  type HandoverKind,
} from './handover-api';
import { useHandoverLists, type HandoverList, type HandoverRecord } from './handover-lists';
import { InheritorSelect } from './inheritor-select';
import { HandoverStateTag } from './labels';

const moving = (item: HandoverItem) => (MOVING_HANDOVER_STATES as readonly string[]).includes(item.state);
const retryable = (item: HandoverItem) =>
  (RETRYABLE_HANDOVER_STATES as readonly string[]).includes(item.state);

interface HandoverDialogProps {
  /** The resignation whose leaver's customers and chats are handed over; null: closed. */
  record: (HandoverRecord & { employee_name: string }) | null;
  onClose(): void;
}

/**
 * 交接客户与客户群 (spec sections 2-4): the leaver's customers and group chats in two paged tables (page 1, 10
 * rows), rows chosen across pages, handed to the colleague chosen below. Each row shows its own state, moved by
 * the platform's answers: a row is never "done" because it was sent. Refused, at-limit and failed rows can be
 * chosen again, for the same or another colleague (the retry right); rows still moving or done cannot.
 */
export function HandoverDialog({ record, onClose }: HandoverDialogProps) {
  const { t } = useTranslation('resignation');
  const open = record !== null;
  const { lists, turnPage, reload, select } = useHandoverLists(record, open);
  return (
    <Modal
      open={open}
      title={t('handover.dialogTitle', { name: record?.employee_name ?? '' })}
      width={920}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
    >
      {record ? (
        <HandoverContent
          record={record}
          lists={lists}
          turnPage={turnPage}
          reload={reload}
          select={select}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

type Lists = ReturnType<typeof useHandoverLists>;

/** The dialog's body while it is open: its tab, inheritor and choice start afresh at each opening. */
function HandoverContent({
  record,
  lists,
  turnPage,
  reload,
  select,
  onClose,
}: Lists & { record: HandoverRecord; onClose(): void }) {
  const { t } = useTranslation('resignation');
  const { message } = App.useApp();
  const can = usePermission();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<HandoverKind>('customer');
  const [inheritor, setInheritor] = useState<number | null>(null);
  const mayTransfer = can('staff:resignation-handover:transfer');
  const mayRetry = can('staff:resignation-handover:retry');

  // While rows of a shown page are on their way, the page is read again (the choice stays).
  const busy = HANDOVER_KINDS.some((each) => lists[each].data.some(moving));
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      for (const each of HANDOVER_KINDS)
        if (lists[each].data.some(moving) && !lists[each].loading)
          turnPage(each, lists[each].query.page, lists[each].query.limit);
    }, HANDOVER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [busy, lists, turnPage]);

  // Where the whole handover stands, read again with the lists.
  const progress = useQuery(handoverDetailQuery({ resign_id: record.id, page: 1, limit: 1 })).data?.progress;
  const chosen = HANDOVER_KINDS.reduce((total, each) => total + lists[each].selected.length, 0);
  const handOver = useMutation({
    mutationFn: async () => {
      let queued = 0;
      for (const each of HANDOVER_KINDS) {
        const ids = lists[each].selected.map((item) => item.id);
        if (ids.length === 0) continue;
        queued += (await operateHandover(each, { resign_id: record.id, ids, inheritor_id: inheritor! }))
          .queued;
      }
      return queued;
    },
    onSuccess: (queued) => {
      void message.success(t('handover.queued', { count: queued }));
      for (const each of HANDOVER_KINDS) if (lists[each].selected.length > 0) reload(each);
      void queryClient.invalidateQueries({ queryKey: [RESIGNATION_KEY] });
    },
  });

  const selectable = (item: HandoverItem) =>
    (item.state === 'pending' && mayTransfer) || (retryable(item) && mayRetry);

  return (
    <Flex vertical gap={12}>
      <Tabs
        activeKey={kind}
        onChange={(key) => setKind(key as HandoverKind)}
        items={HANDOVER_KINDS.map((each) => ({
          key: each,
          label: t(`handover.kinds.${each}`, { total: lists[each].total }),
          children: (
            <HandoverTable
              kind={each}
              list={lists[each]}
              selectable={selectable}
              onSelect={(selected) => select(each, selected)}
              onPage={(page, limit) => turnPage(each, page, limit)}
            />
          ),
        }))}
      />
      <Flex gap={8} wrap justify="end" align="center">
        {progress ? (
          <Typography.Text type="secondary">
            {t('handover.done', { done: progress.done, total: progress.total })}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary">{t('handover.chosen', { count: chosen })}</Typography.Text>
        <InheritorSelect resignationId={record.id} value={inheritor} onChange={setInheritor} chooseProposed />
        <Button onClick={onClose}>{t('handover.close')}</Button>
        {mayTransfer || mayRetry ? (
          <Button
            type="primary"
            disabled={chosen === 0 || inheritor === null}
            loading={handOver.isPending}
            onClick={() => handOver.mutate()}
          >
            {t('handover.submit')}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}

interface HandoverTableProps {
  kind: HandoverKind;
  list: HandoverList;
  selectable(item: HandoverItem): boolean;
  onSelect(selected: HandoverItem[]): void;
  onPage(page: number, limit: number): void;
}

/** One of the dialog's two lists: its rows with their states, its choice and its page control. */
function HandoverTable({ kind, list, selectable, onSelect, onPage }: HandoverTableProps) {
  const { t } = useTranslation('resignation');
  const columns = useListColumns<HandoverItem>(`handover-${kind}`, [
    { title: t('handover.fields.name'), key: 'name', dataIndex: 'name', card: 'title' },
    ...(kind === 'group_chat'
      ? [
          {
            title: t('handover.fields.members'),
            key: 'members',
            dataIndex: 'member_count',
            width: 90,
            card: 'field' as const,
          },
        ]
      : []),
    {
      title: t('handover.fields.state'),
      key: 'state',
      width: 200,
      card: 'field',
      render: (_value, item) => <HandoverStateTag state={item.state} error={item.error} />,
    },
    {
      title: t('handover.fields.inheritor'),
      key: 'inheritor',
      dataIndex: 'inheritor_name',
      width: 110,
      card: 'field',
      render: (name: string | null) => name ?? '-',
    },
  ]);
  // The choice spans pages: the rows chosen elsewhere stay, this page's follow the checkboxes.
  const onPageIds = new Set(list.data.map((item) => item.id));
  return (
    <Flex vertical gap={12}>
      <ListTable<HandoverItem>
        columns={columns}
        dataSource={list.data}
        loading={list.loading}
        rowSelection={{
          selectedRowKeys: list.selected.map((item) => item.id),
          getCheckboxProps: (item) => ({ disabled: !selectable(item), 'aria-label': item.name }),
          onChange: (_keys, rows) =>
            onSelect([...list.selected.filter((item) => !onPageIds.has(item.id)), ...rows.filter(Boolean)]),
        }}
      />
      <Pagination
        page={list.query.page}
        limit={list.query.limit}
        total={list.total}
        onChange={(page, limit) => onPage(page, limit)}
      />
    </Flex>
  );
}
