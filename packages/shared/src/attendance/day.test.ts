import { describe, expect, it } from 'vitest';
import {
  abnormalKindsOf,
  dayKindOf,
  evaluateDay,
  shiftEnd,
  weekdayOf,
  type DayInput,
  type ShiftRules,
} from './day';
import { THRESHOLD_OFF } from './rules';

const nineToSix: ShiftRules = {
  start: 540,
  end: 1080,
  earliestIn: 120,
  latestOut: 240,
  lateGrace: 5,
  seriousLate: 30,
  lateAbsent: 120,
  earlyGrace: 0,
  halfDayHours: 4,
  absentHours: 2,
};

const at = (...minutes: number[]) => minutes.map((minute) => ({ minute, inFence: true }));

const day = (input: Partial<DayInput> = {}) =>
  evaluateDay({
    kind: 'workday',
    groupKind: 'fixed',
    shift: nineToSix,
    punches: [],
    joinedToday: false,
    leftToday: false,
    leave: 'none',
    ...input,
  });

describe('the attendance day of a 09:00-18:00 shift', () => {
  it('is normal when the person clocks in before the start and out after the end', () => {
    const result = day({ punches: at(1082, 535) });
    expect(result).toMatchObject({
      status: 'normal',
      firstIn: 535,
      lastOut: 1082,
      workedMinutes: 547,
      lateMinutes: 0,
      earlyMinutes: 0,
      absent: 0,
      outside: 0,
      overtimeMinutes: 0,
    });
    expect(abnormalKindsOf(result)).toEqual([]);
  });

  it('does not count up to the late grace as late', () => {
    const result = day({ punches: at(545, 1080) });
    expect(result.lateMinutes).toBe(0);
    expect(result.status).toBe('normal');
  });

  it('counts a minute past the grace as late by the whole delay, not yet serious', () => {
    const result = day({ punches: at(546, 1080) });
    expect(result).toMatchObject({ status: 'abnormal', lateMinutes: 6, seriousLate: false, absent: 0 });
    expect(abnormalKindsOf(result)).toEqual(['late']);
  });

  it('counts more than the serious threshold late as serious lateness', () => {
    const result = day({ punches: at(571, 1080) });
    expect(result).toMatchObject({ lateMinutes: 31, seriousLate: true, absent: 0 });
  });

  it('counts more than the late-absent threshold as half a day absent instead of late', () => {
    const result = day({ punches: at(661, 1080) });
    expect(result).toMatchObject({ status: 'abnormal', lateMinutes: 0, seriousLate: false, absent: 0.5 });
    expect(abnormalKindsOf(result)).toEqual(['absent']);
  });

  it('keeps a long delay as serious lateness when late-absent is off', () => {
    const result = day({ shift: { ...nineToSix, lateAbsent: THRESHOLD_OFF }, punches: at(661, 1080) });
    expect(result).toMatchObject({ lateMinutes: 121, seriousLate: true, absent: 0 });
  });

  it('counts leaving a minute early as early leave when there is no early grace', () => {
    const result = day({ punches: at(535, 1079) });
    expect(result).toMatchObject({ status: 'abnormal', earlyMinutes: 1 });
    expect(abnormalKindsOf(result)).toEqual(['early']);
  });

  it('does not count leaving within the early grace as early leave', () => {
    const result = day({ shift: { ...nineToSix, earlyGrace: 5 }, punches: at(535, 1079) });
    expect(result).toMatchObject({ status: 'normal', earlyMinutes: 0 });
  });

  it('makes a work day without punches missing both punches and a whole day absent', () => {
    const result = day();
    expect(result).toMatchObject({
      status: 'abnormal',
      firstIn: null,
      lastOut: null,
      missingIn: true,
      missingOut: true,
      absent: 1,
    });
    expect(abnormalKindsOf(result)).toEqual(['missing', 'absent']);
  });

  it('takes a lone morning punch as the in-punch: the out-punch is missing, half a day absent', () => {
    const result = day({ punches: at(535) });
    expect(result).toMatchObject({
      status: 'abnormal',
      firstIn: 535,
      lastOut: null,
      missingIn: false,
      missingOut: true,
      absent: 0.5,
      lateMinutes: 0,
    });
  });

  it('takes a lone evening punch as the out-punch: the in-punch is missing, half a day absent', () => {
    const result = day({ punches: at(1082) });
    expect(result).toMatchObject({
      firstIn: null,
      lastOut: 1082,
      missingIn: true,
      missingOut: false,
      absent: 0.5,
      earlyMinutes: 0,
    });
  });

  it('makes fewer hours than the half-day hours half a day absent, and the early out early leave', () => {
    const result = day({ punches: at(540, 750) });
    expect(result).toMatchObject({ workedMinutes: 210, absent: 0.5, earlyMinutes: 330, lateMinutes: 0 });
    expect(abnormalKindsOf(result)).toEqual(['early', 'absent']);
  });

  it('makes fewer hours than the absent hours the whole day absent', () => {
    const result = day({ punches: at(540, 630) });
    expect(result).toMatchObject({ workedMinutes: 90, absent: 1, earlyMinutes: 450 });
  });

  it('ignores punches before the earliest in or after the latest out', () => {
    const result = day({ punches: at(419, 535, 1082, 1321) });
    expect(result).toMatchObject({ status: 'normal', firstIn: 535, lastOut: 1082, workedMinutes: 547 });
  });

  it('still counts punches exactly at the earliest in and the latest out', () => {
    const result = day({ punches: at(420, 1320) });
    expect(result).toMatchObject({ firstIn: 420, lastOut: 1320, workedMinutes: 900 });
  });

  it('counts punches outside every fence and makes the day abnormal for them', () => {
    const result = day({ punches: [{ minute: 535, inFence: false }, ...at(1082)] });
    expect(result).toMatchObject({
      status: 'abnormal',
      outside: 1,
      lateMinutes: 0,
      earlyMinutes: 0,
      absent: 0,
    });
    expect(abnormalKindsOf(result)).toEqual(['outside']);
  });
});

describe('leave on the attendance day', () => {
  it('moves the in-punch of a morning off to the middle of the shift: without it, half a day absent', () => {
    const result = day({ leave: 'am', punches: at(1080) });
    expect(result).toMatchObject({ status: 'abnormal', missingIn: true, missingOut: false, absent: 0.5 });
    expect(abnormalKindsOf(result)).toEqual(['missing', 'absent']);
  });

  it('marks a morning off with punches at the middle and the end as leave, not late', () => {
    const result = day({ leave: 'am', punches: at(810, 1080) });
    expect(result).toMatchObject({
      status: 'leave',
      lateMinutes: 0,
      earlyMinutes: 0,
      absent: 0,
      workedMinutes: 270,
    });
  });

  it('moves the out-punch of an afternoon off to the middle: leaving then is not early', () => {
    const result = day({ leave: 'pm', punches: at(540, 810) });
    expect(result).toMatchObject({ status: 'leave', earlyMinutes: 0, lateMinutes: 0, absent: 0 });
  });

  it('marks a whole day off as leave, never absent', () => {
    const result = day({ leave: 'full' });
    expect(result).toMatchObject({ status: 'leave', absent: 0, missingIn: false, missingOut: false });
  });
});

describe('joining and leaving days', () => {
  it('never makes the joining day abnormal, even with one late punch', () => {
    const result = day({ joinedToday: true, punches: at(660) });
    expect(result).toMatchObject({
      status: 'normal',
      firstIn: 660,
      lateMinutes: 0,
      seriousLate: false,
      missingIn: false,
      missingOut: false,
      absent: 0,
    });
  });

  it('never makes the leaving day abnormal, even with an early out', () => {
    const result = day({ leftToday: true, punches: at(535, 900) });
    expect(result).toMatchObject({ status: 'normal', lastOut: 900, earlyMinutes: 0, absent: 0 });
  });

  it('keeps the joining day normal with an out-of-fence punch, still counting it', () => {
    const result = day({ joinedToday: true, punches: [{ minute: 540, inFence: false }, ...at(1080)] });
    expect(result).toMatchObject({ status: 'normal', outside: 1 });
  });
});

describe('rest days', () => {
  it('counts the time between two punches on a rest day as overtime', () => {
    const result = day({ kind: 'restday', shift: null, punches: at(900, 600) });
    expect(result).toMatchObject({
      status: 'rest',
      firstIn: 600,
      lastOut: 900,
      workedMinutes: 300,
      overtimeMinutes: 300,
      absent: 0,
    });
  });

  it('leaves a rest day without punches at rest, never absent', () => {
    const result = day({ kind: 'restday', shift: null });
    expect(result).toMatchObject({ status: 'rest', absent: 0, missingIn: false, missingOut: false });
  });

  it('treats a holiday as a day off even when the group has a shift', () => {
    const result = day({ kind: 'holiday', punches: at(540, 720) });
    expect(result).toMatchObject({ status: 'rest', overtimeMinutes: 180, lateMinutes: 0, absent: 0 });
  });
});

describe('night shifts', () => {
  const night: ShiftRules = { ...nineToSix, start: 1320, end: 360 };

  it('ends a shift that ends before it starts on the next day', () => {
    expect(shiftEnd(night)).toBe(1800);
    expect(shiftEnd(nineToSix)).toBe(1080);
  });

  it('is normal from just before 22:00 to 06:00 the next morning', () => {
    const result = day({ shift: night, punches: at(1315, 1800) });
    expect(result).toMatchObject({
      status: 'normal',
      firstIn: 1315,
      lastOut: 1800,
      workedMinutes: 485,
      lateMinutes: 0,
      earlyMinutes: 0,
      absent: 0,
    });
  });
});

describe('the kind of a day', () => {
  const weekdays = [1, 2, 3, 4, 5];

  it('numbers week days from Monday 1 to Sunday 7', () => {
    expect(weekdayOf('2026-11-26')).toBe(4);
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2026-11-29')).toBe(7);
  });

  it('makes a Saturday outside the work days a rest day', () => {
    expect(dayKindOf('2026-11-28', weekdays, undefined)).toBe('restday');
  });

  it('makes a Saturday the calendar marks as a make-up day a work day', () => {
    expect(dayKindOf('2026-02-14', weekdays, undefined)).toBe('restday');
    expect(dayKindOf('2026-02-14', weekdays, 'workday')).toBe('workday');
  });

  it('makes a Thursday the calendar marks as a holiday a holiday', () => {
    expect(dayKindOf('2026-10-01', weekdays, undefined)).toBe('workday');
    expect(dayKindOf('2026-10-01', weekdays, 'holiday')).toBe('holiday');
  });
});

describe('free working hours', () => {
  it('is never late or early, whatever the hours', () => {
    const result = day({ groupKind: 'free', punches: at(660, 1200) });
    expect(result).toMatchObject({
      status: 'normal',
      lateMinutes: 0,
      earlyMinutes: 0,
      absent: 0,
      workedMinutes: 540,
    });
  });

  it('makes fewer hours than the absent hours the whole day absent', () => {
    const result = day({ groupKind: 'free', punches: at(660, 750) });
    expect(result).toMatchObject({ status: 'abnormal', lateMinutes: 0, earlyMinutes: 0, absent: 1 });
    expect(abnormalKindsOf(result)).toEqual(['absent']);
  });

  it('counts punches at any hour of the day, not only in the shift’s window', () => {
    const result = day({ groupKind: 'free', punches: at(300, 1400) });
    expect(result).toMatchObject({ status: 'normal', firstIn: 300, lastOut: 1400, workedMinutes: 1100 });
  });
});

describe('leave by the hour on a 09:00-18:00 shift', () => {
  it('moves the clock-in due to the end of a morning window: in at 11:00 is on time, 11:10 late by 10', () => {
    const windows = [{ from: 540, to: 660 }];
    expect(day({ punches: at(660, 1080), leaveWindows: windows })).toMatchObject({
      status: 'leave',
      lateMinutes: 0,
      absent: 0,
    });
    expect(day({ punches: at(670, 1080), leaveWindows: windows })).toMatchObject({
      status: 'abnormal',
      lateMinutes: 10,
    });
    // Without the window the same punches are late by two hours.
    expect(day({ punches: at(660, 1080) }).lateMinutes).toBe(120);
  });

  it('moves the clock-out due to the start of an evening window', () => {
    expect(day({ punches: at(540, 960), leaveWindows: [{ from: 960, to: 1080 }] })).toMatchObject({
      status: 'leave',
      earlyMinutes: 0,
    });
  });

  it('does not count a window inside the day as worked, and shrinks the hour thresholds with it', () => {
    // 09:00-12:00 worked, 12:00-16:00 on leave, 16:00-18:00 worked: 5 hours of the 9, 4 of them excused.
    const result = day({ punches: at(540, 1080), leaveWindows: [{ from: 720, to: 960 }] });
    expect(result).toMatchObject({ status: 'leave', workedMinutes: 300, absent: 0 });
    // The same punches without the window: 9 hours worked.
    expect(day({ punches: at(540, 1080) }).workedMinutes).toBe(540);
  });

  it('with no punch at all, is absent for what was due: half a day when at most half remained', () => {
    expect(day({ leaveWindows: [{ from: 540, to: 840 }] })).toMatchObject({ absent: 0.5, missingIn: true });
    expect(day({ leaveWindows: [{ from: 540, to: 600 }] })).toMatchObject({ absent: 1 });
  });

  it('joins a half day: the morning off and the first hours of the afternoon', () => {
    // The middle of the shift is 13:30; with 13:30-15:30 off as well, 15:30 is due.
    expect(
      day({ leave: 'am', punches: at(930, 1080), leaveWindows: [{ from: 810, to: 930 }] }),
    ).toMatchObject({
      status: 'leave',
      lateMinutes: 0,
      absent: 0,
    });
  });

  it('counts what is due in the hours of a leave day: four hours off and no punch is half a day absent', () => {
    // Four of the shift's nine hours are half a leave day (eight hours make one).
    expect(day({ leaveWindows: [{ from: 840, to: 1080 }] })).toMatchObject({ absent: 0.5 });
    // Eight hours off are a day: nothing is due of the ninth.
    expect(day({ leaveWindows: [{ from: 600, to: 1080 }] }).status).toBe('leave');
  });

  it('on free hours, excuses a window wherever it lies and shrinks the hours due with it', () => {
    const free = (leaveWindows: { from: number; to: number }[]) =>
      day({ groupKind: 'free', punches: at(600, 1020), leaveWindows });
    // Seven hours worked, two of the nine off in the evening: nothing missing, not counted as worked.
    expect(free([{ from: 1140, to: 1260 }])).toMatchObject({
      status: 'leave',
      workedMinutes: 420,
      absent: 0,
    });
    // The same two hours in the middle of what was worked are not worked time.
    expect(free([{ from: 720, to: 840 }])).toMatchObject({ workedMinutes: 300, absent: 0 });
  });

  it('covering the whole shift, is a day of leave', () => {
    expect(day({ leaveWindows: [{ from: 540, to: 1080 }] }).status).toBe('leave');
  });
});
