import type { CalendarKind } from '@dealer-hr/shared/attendance/rules';

/**
 * The State Council's 2026 arrangement of holidays (休) and make-up working days (班), as published
 * (国办发明电〔2025〕7号), with the 13 statutory days among the days off (全国年节及纪念日放假办法, 2025). Later years are entered by an administrator on the rules page once announced.
 */
const arrangement: { name: string; off: [string, string]; statutory: string[]; workdays: string[] }[] = [
  { name: '元旦', off: ['2026-01-01', '2026-01-03'], statutory: ['2026-01-01'], workdays: ['2026-01-04'] },
  {
    name: '春节',
    off: ['2026-02-15', '2026-02-23'],
    // 除夕 and the first three days of the lunar year.
    statutory: ['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19'],
    workdays: ['2026-02-14', '2026-02-28'],
  },
  { name: '清明节', off: ['2026-04-04', '2026-04-06'], statutory: ['2026-04-05'], workdays: [] },
  {
    name: '劳动节',
    off: ['2026-05-01', '2026-05-05'],
    statutory: ['2026-05-01', '2026-05-02'],
    workdays: ['2026-05-09'],
  },
  { name: '端午节', off: ['2026-06-19', '2026-06-21'], statutory: ['2026-06-19'], workdays: [] },
  { name: '中秋节', off: ['2026-09-25', '2026-09-27'], statutory: ['2026-09-25'], workdays: [] },
  {
    name: '国庆节',
    off: ['2026-10-01', '2026-10-07'],
    statutory: ['2026-10-01', '2026-10-02', '2026-10-03'],
    workdays: ['2026-09-20', '2026-10-10'],
  },
];

const daysFrom = ([first, last]: [string, string]) => {
  const days: string[] = [];
  for (let day = new Date(`${first}T00:00:00Z`); day.toISOString().slice(0, 10) <= last; day.setUTCDate(day.getUTCDate() + 1))
    days.push(day.toISOString().slice(0, 10));
  return days;
};

export const holidaySeeds: { day: string; kind: CalendarKind; name: string; statutory: boolean }[] =
  arrangement.flatMap(({ name, off, statutory, workdays }) => [
    ...daysFrom(off).map((day) => ({ day, kind: 'holiday' as const, name, statutory: statutory.includes(day) })),
    ...workdays.map((day) => ({ day, kind: 'workday' as const, name: `${name}调休上班`, statutory: false })),
  ]);
