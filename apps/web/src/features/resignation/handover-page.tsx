import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Progress, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  HANDOVER_KINDS,
  HANDOVER_STATES,
  MOVING_HANDOVER_STATES,
  type HandoverKind,
  type HandoverState,
} from '@dealer-hr/shared/handover/rules';
import { HANDOVER_OPEN_STATUSES } from '@dealer-hr/shared/resignation/rules';
import { useListColumns } from '../../components/list-columns';
import { PagedTable, type Paging } from '../../components/paged-table';
import { usePermission } from '../../components/permission';
import { useIdParam } from '../../lib/use-id-param';
import { resignationDetailQuery } from './api';
import { HANDOVER_REFRESH_MS, handoverDetailQuery, type HandoverItem } from './handover-api';
import { HandoverDialog } from './handover-dialog';
import { HandoverStateTag, ResignationStatusTag } from './labels';

/**
 * `/staff/resignation/handover?id=N` (离职交接): where the handover of one leaver's customers and group chats
 * stands (how many in each state, every item handed over with its inheritor and the platform's answer), and
 * the handover dialog that chooses what goes to whom. Opened from 离职管理.
 */
export function HandoverPage() {
  const { t } = useTranslation('resignation');
  const [id] = useIdParam('id');
  const resignation = useQuery({ ...resignationDetailQuery(id ?? 0), enabled: id !== null });
  const can = usePermission();
  const [dialog, setDialog] = useState(false);
  const [kind, setKind] = useState<HandoverKind>('customer');
  const [state, setState] = useState<HandoverState | undefined>();
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 10 });
  const detail = useQuery({
    ...handoverDetailQuery({ resign_id: id ?? 0, kind, state, ...paging }),
    enabled:
      id !== null &&
      resignation.data !== undefined &&
      HANDOVER_OPEN_STATUSES.includes(resignation.data.status),
    // While anything is on its way, where it stands is read again.
    refetchInterval: (query) => {
      const progress = query.state.data?.progress;
      const movingNow = progress
        ? HANDOVER_KINDS.some((each) => MOVING_HANDOVER_STATES.some((moving) => progress[each][moving] > 0))
        : false;
      return movingNow ? HANDOVER_REFRESH_MS : false;
    },
  });
  const columns = useListColumns<HandoverItem>('handover-detail', [
    { title: t('handover.fields.name'), key: 'name', dataIndex: 'name', card: 'title' },
    {
      title: t('handover.fields.state'),
      key: 'state',
      width: 220,
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
    {
      title: t('handover.fields.takeoverAt'),
      key: 'takeoverAt',
      dataIndex: 'takeover_at',
      width: 150,
      card: 'field',
      render: (at: string | null, item) =>
        item.state === 'waiting' && at ? new Date(at).toLocaleString() : '-',
    },
  ]);

  if (id === null || resignation.isError)
    return (
      <Card title={t('handover.title')}>
        <Empty description={t('handover.noRecord')}>
          <Link to="/staff/resignation">{t('handover.back')}</Link>
        </Empty>
      </Card>
    );
  const record = resignation.data;
  const progress = detail.data?.progress;
  const open = record !== undefined && HANDOVER_OPEN_STATUSES.includes(record.status);
  return (
    <Card
      title={t('handover.title')}
      loading={resignation.isPending}
      extra={
        <Space wrap>
          <Link to={`/staff/resignation?id=${id}`}>{t('handover.back')}</Link>
          {open &&
          record?.user.userid &&
          (can('staff:resignation-handover:transfer') || can('staff:resignation-handover:retry')) ? (
            <Button type="primary" onClick={() => setDialog(true)}>
              {t('handover.open')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {record ? (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              {
                key: 'employee',
                label: t('fields.employee'),
                children: `${record.employee_name}（${record.employee_no}）`,
              },
              {
                key: 'place',
                label: t('fields.place'),
                children: `${record.store_name ?? record.department_name ?? '-'} · ${record.post_name ?? '-'}`,
              },
              { key: 'lastDay', label: t('fields.lastDay'), children: record.last_day },
              {
                key: 'status',
                label: t('fields.status'),
                children: <ResignationStatusTag status={record.status} />,
              },
              {
                key: 'userid',
                label: t('handover.userid'),
                children: record.user.userid ?? t('handover.noUserid'),
              },
            ]}
          />
          {!open ? <Alert type="info" showIcon title={t('handover.notOpen')} /> : null}
          {open && !record.user.userid ? <Alert type="info" showIcon title={t('handover.nothing')} /> : null}
          {progress && progress.total > 0 ? (
            <Flex vertical gap={8}>
              <Progress
                percent={Math.round((progress.done / progress.total) * 100)}
                format={() => `${progress.done} / ${progress.total}`}
                aria-label={t('handover.progress')}
              />
              <Flex gap={6} wrap>
                {HANDOVER_KINDS.flatMap((each) =>
                  HANDOVER_STATES.filter((one) => progress[each][one] > 0).map((one) => (
                    <Tag key={`${each}-${one}`}>
                      {t(`handover.kinds.${each}`, { total: progress[each][one] })} ·{' '}
                      {t(`handover.states.${one}`)}
                    </Tag>
                  )),
                )}
              </Flex>
              {progress.settled ? <Alert type="success" showIcon title={t('handover.settled')} /> : null}
            </Flex>
          ) : null}
          {open ? (
            <Flex vertical gap={12}>
              <Space wrap>
                <Select
                  aria-label={t('handover.fields.kind')}
                  value={kind}
                  style={{ width: 140 }}
                  onChange={(next: HandoverKind) => {
                    setKind(next);
                    setPaging({ page: 1, limit: paging.limit });
                  }}
                  options={HANDOVER_KINDS.map((each) => ({
                    value: each,
                    label: t(`handover.kindNames.${each}`),
                  }))}
                />
                <Select
                  aria-label={t('handover.fields.state')}
                  allowClear
                  placeholder={t('handover.fields.state')}
                  value={state}
                  style={{ width: 160 }}
                  onChange={(next?: HandoverState) => {
                    setState(next);
                    setPaging({ page: 1, limit: paging.limit });
                  }}
                  options={HANDOVER_STATES.filter((one) => one !== 'pending').map((one) => ({
                    value: one,
                    label: t(`handover.states.${one}`),
                  }))}
                />
              </Space>
              <PagedTable columns={columns} list={detail} paging={paging} onPaging={setPaging} />
            </Flex>
          ) : null}
        </Flex>
      ) : null}
      <HandoverDialog record={dialog && record ? record : null} onClose={() => setDialog(false)} />
    </Card>
  );
}
