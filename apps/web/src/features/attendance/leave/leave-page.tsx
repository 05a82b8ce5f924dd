import { Button, Card, Divider, Flex, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateAction } from '../../../components/list-toolbar';
import { Permission, usePermission } from '../../../components/permission';
import { useUserInfo } from '../../../lib/session-queries';
import { useTabParam } from '../../../lib/use-tab-param';
import { AdjustDialog } from './adjust-dialog';
import { BalanceStrip } from './balance-strip';
import { LeaveCalendar } from './leave-calendar';
import { LeaveDialog } from './leave-dialog';
import { LeaveRecords } from './leave-records';
import { OvertimeDialog } from './overtime-dialog';
import { OvertimeRecords } from './overtime-records';

/**
 * `/attendance/leave` (请假管理): the caller's balances, the leave requests (their own, or their scope's for
 * whoever may export them) with 撤销 on their own, the overtime requests (加班) whose rest days earn time off in
 * lieu, for those same reviewers a month of approved leave day by day, 申请请假 and 申请加班, which go through
 * the `leave` and `overtime` approval flows, and for HR 调整余额 (a person's balance).
 */
export function LeavePage() {
  const { t } = useTranslation('attendanceLeave');
  const [requesting, setRequesting] = useState<'leave' | 'overtime' | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  // The calendar shows others' leave: like the team's list, it is for whoever may export the team's leave.
  const team = usePermission()('attendance:leave:export');
  const { data: me } = useUserInfo();
  // The tab is in the address (`?tab=overtime`, the overtime approval's link).
  const [tab, setTab] = useTabParam(team ? ['records', 'overtime', 'calendar'] : ['records', 'overtime']);
  return (
    <Card
      title={t('title')}
      extra={
        <Flex gap={8} wrap justify="end">
          <Permission name="attendance:leave:adjust">
            <Button onClick={() => setAdjusting(true)}>{t('adjust.open')}</Button>
          </Permission>
          {/* Leave and overtime are asked for oneself: an account without an employee has none to ask. */}
          {me.employeeId !== null && (
            <>
              <Permission name="attendance:leave:create">
                <Button onClick={() => setRequesting('overtime')}>{t('overtime.create')}</Button>
              </Permission>
              <CreateAction permission="attendance:leave:create" onClick={() => setRequesting('leave')}>
                {t('create')}
              </CreateAction>
            </>
          )}
        </Flex>
      }
    >
      {me.employeeId !== null && (
        <>
          <BalanceStrip />
          <Divider style={{ margin: '16px 0 4px' }} />
        </>
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'records', label: t('tabs.records'), children: <LeaveRecords /> },
          { key: 'overtime', label: t('tabs.overtime'), children: <OvertimeRecords /> },
          ...(team ? [{ key: 'calendar', label: t('tabs.calendar'), children: <LeaveCalendar /> }] : []),
        ]}
      />
      <LeaveDialog open={requesting === 'leave'} onClose={() => setRequesting(null)} />
      <OvertimeDialog open={requesting === 'overtime'} onClose={() => setRequesting(null)} />
      <AdjustDialog open={adjusting} onClose={() => setAdjusting(false)} />
    </Card>
  );
}
