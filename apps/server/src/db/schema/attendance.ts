import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  jsonb,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  CALENDAR_KINDS,
  CORRECTION_SIDES,
  CORRECTION_STATUSES,
  DATUMS,
  DAY_KINDS,
  DAY_STATUSES,
  EXPLANATION_STATUSES,
  GROUP_KINDS,
  GROUP_TARGETS,
  LEAVE_SPANS,
  PUNCH_SOURCES,
} from '@dealer-hr/shared/attendance/rules';
import {
  HALVES,
  LEAVE_STATUSES,
  LEAVE_TYPES,
  LEDGER_KINDS,
  type LeaveTopUps,
  DEFAULT_ANNUAL_CARRY_MONTHS,
  DEFAULT_HOURLY_LEAVE_TYPES,
  LEAVE_UNITS,
  type HourlyLeaveType,
  type LeaveType,
} from '@dealer-hr/shared/attendance/leave';
import { OVERTIME_COMPENSATIONS, OVERTIME_STATUSES } from '@dealer-hr/shared/attendance/overtime';
import { id, timestamps } from './columns';
import { stores } from './organisation';
import { employees } from './people';
import { users } from './system';

/**
 * A clock-in point (打卡地点) of a store: a punch within `radius` metres of an enabled point of the person's store
 * is inside the fence. The position is kept as entered (in `datum`) and in WGS-84, in which every distance is
 * measured (docs/domain.md "Attendance").
 */
export const clockPoints = pgTable(
  'clock_points',
  {
    id: id(),
    storeId: integer()
      .notNull()
      .references(() => stores.id),
    name: text().notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    datum: text({ enum: DATUMS }).notNull(),
    wgsLatitude: doublePrecision().notNull(),
    wgsLongitude: doublePrecision().notNull(),
    radius: integer().notNull(),
    enabled: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('clock_points_store_name_key').on(t.storeId, t.name),
    index('clock_points_store_idx').on(t.storeId),
  ],
);

/** A shift (班次): when the day's work is due and how punches around it count. Times in minutes after midnight. */
export const attendanceShifts = pgTable(
  'attendance_shifts',
  {
    id: id(),
    name: text().notNull(),
    startMinute: smallint().notNull(),
    /** At or before the start: the shift ends the next day. */
    endMinute: smallint().notNull(),
    earliestIn: smallint().notNull(),
    latestOut: smallint().notNull(),
    lateGrace: smallint().notNull(),
    /** -1 turns a threshold off. */
    seriousLate: smallint().notNull(),
    lateAbsent: smallint().notNull(),
    earlyGrace: smallint().notNull(),
    halfDayHours: doublePrecision().notNull(),
    absentHours: doublePrecision().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('attendance_shifts_name_key').on(t.name)],
);

/**
 * An attendance group (考勤组): how its people's days are due. It covers posts, departments or stores
 * (`attendance_group_targets`); a person belongs to the group of their post, else of their department, else of
 * their store, so each person is in one group at a time.
 */
export const attendanceGroups = pgTable(
  'attendance_groups',
  {
    id: id(),
    name: text().notNull(),
    kind: text({ enum: GROUP_KINDS }).notNull(),
    /** The shift of a fixed or free group (a free group uses its length and thresholds). */
    shiftId: integer().references(() => attendanceShifts.id),
    /** ISO week days due (Monday 1). */
    workdays: smallint().array().notNull(),
    /** A punch before this hour belongs to the day before (a night shift's end). */
    dayBoundaryHour: smallint().notNull().default(0),
    allowOutside: boolean().notNull().default(false),
    outsidePhoto: boolean().notNull().default(false),
    correctionQuota: smallint().notNull().default(3),
    correctionDeadlineDays: smallint().notNull().default(7),
    /** The province's days on top of the statutory length of marriage, maternity, paternity, bereavement leave. */
    leaveTopUps: jsonb().$type<LeaveTopUps>().notNull().default({}),
    /** The leave types the group's people may take by the hour. */
    hourlyLeaveTypes: jsonb()
      .$type<HourlyLeaveType[]>()
      .notNull()
      .default([...DEFAULT_HOURLY_LEAVE_TYPES]),
    /** Annual leave carried into the next year at most (0: none), to be taken within its first months. */
    annualCarryDays: smallint().notNull().default(0),
    annualCarryMonths: smallint().notNull().default(DEFAULT_ANNUAL_CARRY_MONTHS),
    ...timestamps,
  },
  (t) => [uniqueIndex('attendance_groups_name_key').on(t.name)],
);

/** What a group covers: each post, department or store belongs to one group at most. */
export const attendanceGroupTargets = pgTable(
  'attendance_group_targets',
  {
    groupId: integer()
      .notNull()
      .references(() => attendanceGroups.id, { onDelete: 'cascade' }),
    target: text({ enum: GROUP_TARGETS }).notNull(),
    targetId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.target, t.targetId] }),
    index('attendance_group_targets_group_idx').on(t.groupId),
  ],
);

/** A shift group's schedule: the shift a person works on a day (none: a rest day). */
export const attendanceSchedules = pgTable(
  'attendance_schedules',
  {
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    day: date().notNull(),
    shiftId: integer().references(() => attendanceShifts.id),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.day] })],
);

/** The holiday calendar: statutory holidays (休) and make-up working days (班) over the week's rule. */
export const holidayCalendar = pgTable('holiday_calendar', {
  day: date().primaryKey(),
  kind: text({ enum: CALENDAR_KINDS }).notNull(),
  name: text().notNull(),
  /**
   * A statutory holiday (法定节假日, 全体公民放假的节日) among a holiday's days off; the others are weekends moved
   * (调休). Overtime on a statutory day must be paid (Labour Law art. 44); on a moved rest day it may be given
   * back as time off.
   */
  statutory: boolean().notNull().default(false),
});

/**
 * A punch (打卡记录) as it came, never edited. Partitioned by month of `punched_at` in the group's time zone
 * (migration 0027 and modules/attendance/punch-partitions.ts), so the key includes the time; no foreign keys,
 * which would be checked on every one of millions of inserts for ids the service has just read.
 */
export const clockPunches = pgTable(
  'clock_punches',
  {
    id: bigserial({ mode: 'number' }).notNull(),
    punchedAt: timestamp({ withTimezone: true }).notNull(),
    employeeId: integer().notNull(),
    /** The store whose fence decided (the dispatch host's while dispatched), and the department: data scope. */
    storeId: integer(),
    departmentId: integer(),
    /** The nearest enabled point and the great-circle distance to it in metres. */
    pointId: integer(),
    distance: integer(),
    inFence: boolean().notNull(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    datum: text({ enum: DATUMS }),
    accuracy: doublePrecision(),
    source: text({ enum: PUNCH_SOURCES }).notNull(),
    photoUploadId: integer(),
    /** The approved correction (补卡) that wrote it. */
    correctionId: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.punchedAt] }),
    index('clock_punches_employee_time_idx').on(t.employeeId, t.punchedAt),
    index('clock_punches_time_brin').using('brin', t.punchedAt),
  ],
);

/**
 * The day table (考勤日): one row per person per day they were employed, computed from the punches, the
 * group's rules, the calendar and approved leave by the nightly build, a clock-in (today) and every approval
 * that changes a past day. Lists and monthly statistics read only this.
 */
export const attendanceDays = pgTable(
  'attendance_days',
  {
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    day: date().notNull(),
    /** Where the person worked that day (a dispatch's host): lists, totals per store and data scope. */
    storeId: integer(),
    departmentId: integer(),
    groupId: integer(),
    kind: text({ enum: DAY_KINDS }).notNull(),
    status: text({ enum: DAY_STATUSES }).notNull(),
    /** Due start and end (null on a day off). */
    dueStart: timestamp({ withTimezone: true }),
    dueEnd: timestamp({ withTimezone: true }),
    firstIn: timestamp({ withTimezone: true }),
    lastOut: timestamp({ withTimezone: true }),
    lateMinutes: integer().notNull().default(0),
    seriousLate: boolean().notNull().default(false),
    earlyMinutes: integer().notNull().default(0),
    missingIn: boolean().notNull().default(false),
    missingOut: boolean().notNull().default(false),
    absent: doublePrecision().notNull().default(0),
    outside: integer().notNull().default(0),
    workedMinutes: integer().notNull().default(0),
    overtimeMinutes: integer().notNull().default(0),
    leave: text({ enum: LEAVE_SPANS }).notNull().default('none'),
    /** The approved leave's type on a day of leave. */
    leaveType: text({ enum: LEAVE_TYPES }),
    /** Minutes of leave by the hour on the day. */
    leaveMinutes: integer().notNull().default(0),
    /**
     * The day's leave in days by type (a half day 0.5, an hour an eighth): a morning of one type and an
     * afternoon of another count each under its own, which `leave_type` (the first of them) cannot say.
     */
    leaveDays: jsonb().$type<Partial<Record<LeaveType, number>>>().notNull().default({}),
    /** The employee's explanation of an abnormal day. */
    explanation: text(),
    explainedAt: timestamp({ withTimezone: true }),
    explanationStatus: text({ enum: EXPLANATION_STATUSES }),
    explanationReviewedByUserId: integer().references(() => users.id),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.day] }),
    index('attendance_days_store_day_idx').on(t.storeId, t.day),
    index('attendance_days_day_status_idx').on(t.day, t.status),
  ],
);

/** The nightly build of one day: how far it got, so a run stopped part way goes on from there. */
export const attendanceBuilds = pgTable('attendance_builds', {
  day: date().primaryKey(),
  /** The last person (by id) whose day is committed. */
  lastEmployeeId: integer().notNull().default(0),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true }),
});

/** A closed month (封账): its days change only after HR reopens it. */
export const attendanceMonths = pgTable('attendance_months', {
  month: text().primaryKey(),
  lockedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedByUserId: integer().references(() => users.id),
});

/** A correction request (补卡): the punch the employee forgot, written as a punch once approved. */
export const attendanceCorrections = pgTable(
  'attendance_corrections',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    day: date().notNull(),
    side: text({ enum: CORRECTION_SIDES }).notNull(),
    punchAt: timestamp({ withTimezone: true }).notNull(),
    reason: text().notNull(),
    status: text({ enum: CORRECTION_STATUSES }).notNull(),
    returnComment: text(),
    createdByUserId: integer().references(() => users.id),
    ...timestamps,
  },
  (t) => [index('attendance_corrections_employee_day_idx').on(t.employeeId, t.day)],
);

/** A leave request (请假): its half-day range and the days it takes, decided through the `leave` flow. */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    type: text({ enum: LEAVE_TYPES }).notNull(),
    startDay: date().notNull(),
    startHalf: text({ enum: HALVES }).notNull(),
    endDay: date().notNull(),
    endHalf: text({ enum: HALVES }).notNull(),
    unit: text({ enum: LEAVE_UNITS }).notNull().default('day'),
    /** Leave by the hour: its window on `startDay`, minutes after local midnight. */
    startMinute: smallint(),
    endMinute: smallint(),
    days: doublePrecision().notNull(),
    reason: text().notNull(),
    status: text({ enum: LEAVE_STATUSES }).notNull(),
    createdByUserId: integer().references(() => users.id),
    ...timestamps,
  },
  (t) => [index('leave_requests_employee_range_idx').on(t.employeeId, t.startDay, t.endDay)],
);

/**
 * An overtime request (加班): a day's hours and how they are made good, decided through the `overtime` flow.
 * The day's kind and the days in lieu are fixed when asked, so a later calendar edit does not change what was
 * approved.
 */
export const overtimeRequests = pgTable(
  'overtime_requests',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    day: date().notNull(),
    dayKind: text({ enum: DAY_KINDS }).notNull(),
    hours: doublePrecision().notNull(),
    compensation: text({ enum: OVERTIME_COMPENSATIONS }).notNull(),
    lieuDays: doublePrecision().notNull(),
    reason: text().notNull(),
    status: text({ enum: OVERTIME_STATUSES }).notNull(),
    createdByUserId: integer().references(() => users.id),
    ...timestamps,
  },
  (t) => [index('overtime_requests_employee_day_idx').on(t.employeeId, t.day)],
);

/**
 * The leave ledger: every change of a balance (a year's grant, a use at approval, a restore on cancel, an
 * expiry, an HR adjustment). A balance is the sum of its rows; a year's annual grant is written once.
 */
export const leaveLedger = pgTable(
  'leave_ledger',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    year: smallint().notNull(),
    type: text({ enum: LEAVE_TYPES }).notNull(),
    kind: text({ enum: LEDGER_KINDS }).notNull(),
    days: doublePrecision().notNull(),
    requestId: integer().references(() => leaveRequests.id),
    /** The overtime whose approval earned an `earn` line of time off in lieu (or whose cancel took it back). */
    overtimeRequestId: integer().references(() => overtimeRequests.id),
    note: text(),
    /** A `carry` line into a year: the last day its days may be taken; what is left of them then expires. */
    expiresOn: date({ mode: 'string' }),
    /** The `expire` line that ends a carry line's deadline names it (written once, even when none was left). */
    settlesId: integer().references((): AnyPgColumn => leaveLedger.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leave_ledger_employee_year_idx').on(t.employeeId, t.year),
    uniqueIndex('leave_ledger_settles_key')
      .on(t.settlesId)
      .where(sql`${t.settlesId} is not null`),
    uniqueIndex('leave_ledger_grant_key')
      .on(t.employeeId, t.year, t.type)
      .where(sql`${t.kind} = 'grant'`),
  ],
);
