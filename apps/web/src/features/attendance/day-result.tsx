import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AttendanceDay } from './clock-api';

const statusColour = { normal: 'green', abnormal: 'red', rest: 'default', leave: 'blue' } as const;

/**
 * What a day came to, as tags: its status and each abnormality with its minutes. Today's missing clock-out
 * is not yet missing (`inProgress`): the day is still being worked.
 */
export function DayResult({ day, inProgress = false }: { day: AttendanceDay; inProgress?: boolean }) {
  const { t } = useTranslation('attendance');
  const open = inProgress && day.missing_out && day.first_in !== null;
  if (open)
    return (
      <Flex gap={4} wrap>
        <Tag color="processing">{t('days.inProgress')}</Tag>
        {day.late_minutes > 0 && <Tag color="orange">{t('days.late', { minutes: day.late_minutes })}</Tag>}
      </Flex>
    );
  return (
    <Flex gap={4} wrap>
      <Tag color={statusColour[day.status]}>{t(`days.status.${day.status}`)}</Tag>
      <AbnormalTags day={day} />
    </Flex>
  );
}

/** Each abnormality of a day with its size: late 12 分钟, 缺卡（下班）, 旷工 0.5 天... */
export function AbnormalTags({ day }: { day: AttendanceDay }) {
  const { t } = useTranslation('attendance');
  return (
    <>
      {day.late_minutes > 0 && (
        <Tag color={day.serious_late ? 'red' : 'orange'}>
          {t(day.serious_late ? 'days.seriousLate' : 'days.late', { minutes: day.late_minutes })}
        </Tag>
      )}
      {day.early_minutes > 0 && <Tag color="orange">{t('days.early', { minutes: day.early_minutes })}</Tag>}
      {day.missing_in && <Tag color="volcano">{t('days.missingIn')}</Tag>}
      {day.missing_out && <Tag color="volcano">{t('days.missingOut')}</Tag>}
      {day.outside > 0 && <Tag color="gold">{t('days.outside', { count: day.outside })}</Tag>}
      {day.absent > 0 && <Tag color="red">{t('days.absent', { days: day.absent })}</Tag>}
    </>
  );
}
