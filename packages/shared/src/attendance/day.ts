// The attendance day (考勤日): what one person's punches on one day come to under their group's rules. Pure, so
// the nightly build, a correction's approval and the tests all decide a day the same way. Times are minutes
// after the day's local midnight; a night shift's end and its punches may pass 1440.
import {
  THRESHOLD_OFF,
  type AbnormalKind,
  type CalendarKind,
  type DayKind,
  type DayStatus,
  type GroupKind,
  type LeaveSpan,
} from './rules';
import { daysOfLeaveMinutes } from './leave';

export interface ShiftRules {
  /** Minutes after local midnight; `end` <= `start` means the shift ends the next day. */
  start: number;
  end: number;
  /** How long before the start, and after the end, a punch still counts for the shift. */
  earliestIn: number;
  latestOut: number;
  /** Up to this many minutes late is not late. */
  lateGrace: number;
  /** More than this many minutes late is serious lateness; -1: off. */
  seriousLate: number;
  /** More than this many minutes late is half a day absent instead of late; -1: off. */
  lateAbsent: number;
  /** Up to this many minutes early is not early leave. */
  earlyGrace: number;
  /** Fewer hours worked than this is half a day absent; -1: off. */
  halfDayHours: number;
  /** Fewer hours worked than this is the whole day absent; -1: off. */
  absentHours: number;
}

export interface DayPunch {
  minute: number;
  inFence: boolean;
}

export interface DayInput {
  kind: DayKind;
  groupKind: GroupKind;
  /** The shift due: null on a day without one (a rest day). */
  shift: ShiftRules | null;
  /** The punches of the day's window (from the boundary hour to the next day's), any order. */
  punches: readonly DayPunch[];
  /** Joining and leaving days are never abnormal: the person came or went part way through. */
  joinedToday: boolean;
  leftToday: boolean;
  leave: Exclude<LeaveSpan, 'hours'>;
  /** Leave by the hour: windows of the day (minutes after midnight) that are excused. */
  leaveWindows?: readonly LeaveWindow[];
}

export interface LeaveWindow {
  from: number;
  to: number;
}

/** The minutes of leave by the hour in `windows`. */
export const minutesOfWindows = (windows: readonly LeaveWindow[]) =>
  windows.reduce((sum, window) => sum + window.to - window.from, 0);

export interface DayResult {
  status: DayStatus;
  firstIn: number | null;
  lastOut: number | null;
  lateMinutes: number;
  seriousLate: boolean;
  earlyMinutes: number;
  missingIn: boolean;
  missingOut: boolean;
  /** 0, 0.5 or 1 day. */
  absent: number;
  /** Punches outside every fence (外勤). */
  outside: number;
  workedMinutes: number;
  /** Minutes worked on a rest day or holiday. */
  overtimeMinutes: number;
}

const on = (threshold: number) => threshold !== THRESHOLD_OFF && threshold >= 0;

/** A shift's end as minutes after the start day's midnight (a night shift ends past 1440). */
export const shiftEnd = (shift: Pick<ShiftRules, 'start' | 'end'>) =>
  shift.end > shift.start ? shift.end : shift.end + 1440;

/** The week day (ISO, Monday 1) of 'YYYY-MM-DD'. */
export function weekdayOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7;
}

/**
 * A fixed or free group's day: the holiday calendar first (a statutory holiday is off, a make-up day is due),
 * then the group's work days. A shift group's day is due when a shift is scheduled.
 */
export function dayKindOf(
  day: string,
  workdays: readonly number[],
  calendar: CalendarKind | undefined,
): DayKind {
  if (calendar === 'holiday') return 'holiday';
  if (calendar === 'workday') return 'workday';
  return workdays.includes(weekdayOf(day)) ? 'workday' : 'restday';
}

const blank = (status: DayStatus): DayResult => ({
  status,
  firstIn: null,
  lastOut: null,
  lateMinutes: 0,
  seriousLate: false,
  earlyMinutes: 0,
  missingIn: false,
  missingOut: false,
  absent: 0,
  outside: 0,
  workedMinutes: 0,
  overtimeMinutes: 0,
});

/** What the day comes to. */
export function evaluateDay(input: DayInput): DayResult {
  const punches = [...input.punches].sort((a, b) => a.minute - b.minute);
  if (input.kind !== 'workday' || !input.shift) return restDay(punches);
  if (input.leave === 'full') return { ...blank('leave'), outside: punches.filter((p) => !p.inFence).length };

  const shift = input.shift;
  const start = shift.start;
  const end = shiftEnd(shift);
  const halves = halvesOfShift(shift);
  const windows = input.leaveWindows ?? [];
  // Free hours are worked whenever in the day; a shift's punches count within its window.
  const clocked = input.groupKind !== 'free';
  // A half day of leave moves the punch due at that end of the day to the middle of the shift.
  const excused = dueWindow(
    input.leave === 'am' ? halves.pm.from : start,
    input.leave === 'pm' ? halves.am.to : end,
    windows,
    clocked,
  );
  // What is still due, in half days as absence is counted: a half day of leave is 0.5, an hour an eighth.
  const leaveDays = (input.leave === 'none' ? 0 : 0.5) + daysOfLeaveMinutes(minutesOfWindows(windows));
  const due = Math.ceil((1 - leaveDays) * 2) / 2;
  if (due <= 0 || excused.dueStart >= excused.dueEnd)
    return { ...blank('leave'), outside: punches.filter((p) => !p.inFence).length };
  const { dueStart, dueEnd, inside } = excused;
  // The hour thresholds shrink with the share of the shift still to be worked.
  const share = windows.length === 0 ? due : (dueEnd - dueStart - inside.length) / (end - start);
  const counted = clocked
    ? punches.filter((p) => p.minute >= start - shift.earliestIn && p.minute <= end + shift.latestOut)
    : punches;

  const result = blank('normal');
  result.outside = counted.filter((p) => !p.inFence).length;
  if (counted.length === 0) {
    result.missingIn = result.missingOut = true;
    result.absent = due;
  } else if (counted.length === 1) {
    // One punch: the one nearer its end of the day; the other is missing, half a day absent.
    const only = counted[0]!.minute;
    const isIn = only - dueStart <= dueEnd - only;
    if (isIn) {
      result.firstIn = only;
      result.missingOut = true;
    } else {
      result.lastOut = only;
      result.missingIn = true;
    }
    result.absent = 0.5;
  } else {
    result.firstIn = counted[0]!.minute;
    result.lastOut = counted[counted.length - 1]!.minute;
    result.workedMinutes = result.lastOut - result.firstIn - inside.within(result.firstIn, result.lastOut);
    const worked = result.workedMinutes / 60;
    if (on(shift.absentHours) && worked < shift.absentHours * share) result.absent = due;
    else if (due === 1 && on(shift.halfDayHours) && worked < shift.halfDayHours * share) result.absent = 0.5;
  }
  if (clocked && result.firstIn !== null) {
    const late = result.firstIn - dueStart;
    if (on(shift.lateAbsent) && late > shift.lateAbsent) result.absent = Math.max(result.absent, 0.5);
    else if (late > Math.max(shift.lateGrace, 0)) {
      result.lateMinutes = late;
      result.seriousLate = on(shift.seriousLate) && late > shift.seriousLate;
    }
  }
  if (clocked && result.lastOut !== null) {
    const early = dueEnd - result.lastOut;
    if (early > Math.max(shift.earlyGrace, 0)) result.earlyMinutes = early;
  }
  result.absent = Math.min(result.absent, due);

  const partDay = input.joinedToday || input.leftToday;
  if (partDay) {
    Object.assign(result, {
      lateMinutes: 0,
      seriousLate: false,
      earlyMinutes: 0,
      missingIn: false,
      missingOut: false,
      absent: 0,
    });
  }
  const abnormal = !partDay && abnormalKindsOf(result).length > 0;
  const onLeave = input.leave !== 'none' || windows.length > 0;
  result.status = abnormal ? 'abnormal' : onLeave ? 'leave' : 'normal';
  return result;
}

/** A shift's two halves (半天): the morning to its middle, the afternoon from there. */
export function halvesOfShift(shift: Pick<ShiftRules, 'start' | 'end'>) {
  const end = shiftEnd(shift);
  const middle = shift.start + Math.round((end - shift.start) / 2);
  return { am: { from: shift.start, to: middle }, pm: { from: middle, to: end } };
}

/**
 * What leave by the hour leaves due of [dueStart, dueEnd]: on a clocked shift a window over the start moves the
 * start to its end, one over the end moves the end to its start (the punch is due then); windows in between,
 * and any window of a free-hours day, are excused time, not counted as worked.
 */
function dueWindow(dueStart: number, dueEnd: number, windows: readonly LeaveWindow[], clocked: boolean) {
  const sorted = [...windows].sort((a, b) => a.from - b.from);
  if (clocked) {
    for (const window of sorted) if (window.from <= dueStart && window.to > dueStart) dueStart = window.to;
    for (const window of [...sorted].reverse())
      if (window.to >= dueEnd && window.from < dueEnd) dueEnd = window.from;
  }
  const excused = clocked
    ? sorted
        .map((window) => ({ from: Math.max(window.from, dueStart), to: Math.min(window.to, dueEnd) }))
        .filter((window) => window.from < window.to)
    : sorted;
  const overlap = (from: number, to: number) =>
    excused.reduce(
      (sum, window) => sum + Math.max(0, Math.min(window.to, to) - Math.max(window.from, from)),
      0,
    );
  const length = clocked ? overlap(dueStart, dueEnd) : minutesOfWindows(excused);
  return { dueStart, dueEnd, inside: { length, within: overlap } };
}

/** A day off: nothing is due; what was worked between two punches is overtime. */
function restDay(punches: readonly DayPunch[]): DayResult {
  const result = blank('rest');
  if (punches.length === 0) return result;
  result.firstIn = punches[0]!.minute;
  result.lastOut = punches.length > 1 ? punches[punches.length - 1]!.minute : null;
  result.outside = punches.filter((p) => !p.inFence).length;
  if (result.lastOut !== null)
    result.workedMinutes = result.overtimeMinutes = result.lastOut - result.firstIn;
  return result;
}

/** Why a day is abnormal (none for a rest day's 外勤 overtime). */
export function abnormalKindsOf(
  day: Pick<
    DayResult,
    'status' | 'lateMinutes' | 'earlyMinutes' | 'missingIn' | 'missingOut' | 'outside' | 'absent'
  >,
): AbnormalKind[] {
  if (day.status === 'rest') return [];
  const kinds: AbnormalKind[] = [];
  if (day.lateMinutes > 0) kinds.push('late');
  if (day.earlyMinutes > 0) kinds.push('early');
  if (day.missingIn || day.missingOut) kinds.push('missing');
  if (day.outside > 0) kinds.push('outside');
  if (day.absent > 0) kinds.push('absent');
  return kinds;
}
