import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTabParam } from '../../../lib/use-tab-param';
import { CalendarTab } from './calendar-tab';
import { GroupsTab } from './groups-tab';
import { ScheduleTab } from './schedule-tab';
import { ShiftsTab } from './shifts-tab';

const TABS = ['groups', 'shifts', 'schedule', 'calendar'];

/**
 * `/attendance/rules` (考勤规则): the attendance groups (who clocks in how: their shift, work days, fence and
 * corrections), the shifts they use, the shift groups' schedule (排班), and the holiday calendar that overrides the week (休 and 班).
 */
export function RulesPage() {
  const { t } = useTranslation('attendanceRules');
  // The tab is in the address too (`?tab=schedule`): a link or a reload opens it again.
  const [tab, setTab] = useTabParam(TABS);
  return (
    <Card title={t('title')}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'groups', label: t('tabs.groups'), children: <GroupsTab /> },
          { key: 'shifts', label: t('tabs.shifts'), children: <ShiftsTab /> },
          { key: 'schedule', label: t('tabs.schedule'), children: <ScheduleTab />, destroyOnHidden: true },
          { key: 'calendar', label: t('tabs.calendar'), children: <CalendarTab />, destroyOnHidden: true },
        ]}
      />
    </Card>
  );
}
