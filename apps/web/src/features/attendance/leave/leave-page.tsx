import { Button, Card, Divider, Flex, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateAction } from '../../../components/list-toolbar';
import { Permission, usePermission } from '../../../components/permission';
import { AdjustDialog } from './adjust-dialog';
import { BalanceStrip } from './balance-strip';
import { LeaveCalendar } from './leave-calendar';
import { LeaveDialog } from './leave-dialog';
import { LeaveRecords } from './leave-records';

/**
 * `/attendance/leave` (请假管理): the caller's balances, the leave requests (their own, or their scope's for
 * whoever may export them) with 撤销 on their own, for those same reviewers a month of approved leave day by
 * day, 申请请假, which goes through the `leave` approval flow, and for HR 调整余额 (a person's balance).
 */
export function LeavePage() {
  const { t } = useTranslation('attendanceLeave');
  const [requesting, setRequesting] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  // The calendar shows others' leave: like the team's list, it is for whoever may export the team's leave.
  const team = usePermission()('attendance:leave:export');
  return (
    <Card
      title={t('title')}
      extra={
        <Flex gap={8}>
          <Permission name="attendance:leave:adjust">
            <Button onClick={() => setAdjusting(true)}>{t('adjust.open')}</Button>
          </Permission>
          <CreateAction permission="attendance:leave:create" onClick={() => setRequesting(true)}>
            {t('create')}
          </CreateAction>
        </Flex>
      }
    >
      <BalanceStrip />
      <Divider style={{ margin: '16px 0 4px' }} />
      <Tabs
        items={[
          { key: 'records', label: t('tabs.records'), children: <LeaveRecords /> },
          ...(team ? [{ key: 'calendar', label: t('tabs.calendar'), children: <LeaveCalendar /> }] : []),
        ]}
      />
      <LeaveDialog open={requesting} onClose={() => setRequesting(false)} />
      <AdjustDialog open={adjusting} onClose={() => setAdjusting(false)} />
    </Card>
  );
}
