import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Popover, Skeleton, Tag, Typography } from 'antd';
import type { TagProps } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerKind } from '@dealer-hr/shared/attendance/leave';
import { leaveBalanceQuery, type LeaveBalance } from './leave-api';
import { useDaysText } from './leave-format';

const YEAR_MIN = 2000;
const YEAR_MAX = 2100;

/**
 * The caller's own balances of a year (this year first): for each balance type its days left, used and in
 * approval, and the ledger behind them.
 */
export function BalanceStrip() {
  const { t } = useTranslation('attendanceLeave');
  const [year, setYear] = useState(() => dayjs().year());
  const balances = useQuery(leaveBalanceQuery(year));
  const title = t('balance.title');
  return (
    <section aria-label={title}>
      <Flex vertical gap={8}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong>{title}</Typography.Text>
          <DatePicker
            picker="year"
            size="small"
            allowClear={false}
            aria-label={t('balance.year')}
            value={dayjs().year(year).startOf('year')}
            disabledDate={(date) => date.year() < YEAR_MIN || date.year() > YEAR_MAX}
            onChange={(date) => {
              if (date) setYear(date.year());
            }}
            style={{ width: 100 }}
          />
        </Flex>
        {balances.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        ) : (balances.data ?? []).length === 0 ? (
          <Typography.Text type="secondary">{t('balance.empty', { year })}</Typography.Text>
        ) : (
          <Flex gap={12} wrap>
            {balances.data?.map((balance) => (
              <BalanceCard key={balance.type} balance={balance} />
            ))}
          </Flex>
        )}
      </Flex>
    </section>
  );
}

function BalanceCard({ balance }: { balance: LeaveBalance }) {
  const { t } = useTranslation('attendanceLeave');
  const daysText = useDaysText();
  const name = t(`types.${balance.type}`);
  /** Until when carried days may be taken, or that they have lapsed. */
  const carriedNote = (until: string | null) =>
    !until
      ? undefined
      : until < dayjs().format('YYYY-MM-DD')
        ? t('balance.carriedEnded', { date: until })
        : t('balance.carriedUntil', { date: until });
  return (
    <Card
      size="small"
      title={name}
      extra={<LedgerButton balance={balance} />}
      style={{ flex: '1 1 260px', maxWidth: 420 }}
    >
      <Flex gap={24} wrap>
        <Figure label={t('balance.left')} value={daysText(balance.left)} strong />
        <Figure label={t('balance.used')} value={daysText(balance.used)} />
        <Figure label={t('balance.pending')} value={daysText(balance.pending)} />
        {balance.expired > 0 && <Figure label={t('balance.expired')} value={daysText(balance.expired)} />}
        <Figure label={t('balance.granted')} value={daysText(balance.granted)} />
        {balance.carried_in > 0 && (
          <Figure
            label={t('balance.carriedIn')}
            value={daysText(balance.carried_in)}
            note={carriedNote(balance.carried_until)}
          />
        )}
        {balance.carried_out > 0 && (
          <Figure label={t('balance.carriedOut')} value={daysText(balance.carried_out)} />
        )}
      </Flex>
    </Card>
  );
}

function Figure({
  label,
  value,
  strong,
  note,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** A line under the value (until when carried days may be taken). */
  note?: string;
}) {
  return (
    <Flex vertical>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Typography.Text strong={strong} style={strong ? { fontSize: 18 } : undefined}>
        {value}
      </Typography.Text>
      {note && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      )}
    </Flex>
  );
}

const kindColour: Record<LedgerKind, TagProps['color']> = {
  grant: 'green',
  use: 'blue',
  restore: 'cyan',
  expire: 'default',
  earn: 'geekblue',
  adjust: 'orange',
  carry: 'purple',
};

/** 明细: the ledger rows of a balance, newest first, in a popover that fits a phone. */
function LedgerButton({ balance }: { balance: LeaveBalance }) {
  const { t } = useTranslation('attendanceLeave');
  const daysText = useDaysText();
  const rows = [...balance.ledger].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('balance.ledgerTitle', { type: t(`types.${balance.type}`), year: balance.year })}
      content={
        <Flex
          vertical
          gap={8}
          style={{ width: 'min(340px, calc(100vw - 48px))', maxHeight: 320, overflowY: 'auto' }}
        >
          {rows.length === 0 && <Typography.Text type="secondary">{t('balance.noLedger')}</Typography.Text>}
          {rows.map((row, index) => (
            <Flex key={index} gap={8} align="baseline" justify="space-between">
              <Flex vertical style={{ minWidth: 0 }}>
                <Flex gap={4} align="center" wrap>
                  <Tag color={kindColour[row.kind]} style={{ marginInlineEnd: 0 }}>
                    {t(`ledgerKinds.${row.kind}`)}
                  </Tag>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {dayjs(row.created_at).format('YYYY-MM-DD')}
                  </Typography.Text>
                </Flex>
                {row.note && <Typography.Text style={{ fontSize: 12 }}>{row.note}</Typography.Text>}
              </Flex>
              <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                {daysText(row.days)}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      }
    >
      <Button type="link" size="small">
        {t('balance.ledger')}
      </Button>
    </Popover>
  );
}
