import { and, desc, eq, inArray } from 'drizzle-orm';
import { abnormalKindsOf } from '@dealer-hr/shared/attendance/day';
import type { AttendanceDay, ClockPunch } from '@dealer-hr/shared/attendance/clock-contract';
import type { Database } from '../../db/client';
import {
  attendanceCorrections,
  attendanceDays,
  clockPoints,
  clockPunches,
  employees,
  stores,
} from '../../db/schema';

// The day table's and the punches' rows as the API answers them, with the names a list shows.

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export const punchQuery = (db: Database) =>
  db
    .select({
      punch: clockPunches,
      employeeName: employees.name,
      employeeNo: employees.employeeNo,
      storeName: stores.name,
      pointName: clockPoints.name,
    })
    .from(clockPunches)
    .innerJoin(employees, eq(employees.id, clockPunches.employeeId))
    .leftJoin(stores, eq(stores.id, clockPunches.storeId))
    .leftJoin(clockPoints, eq(clockPoints.id, clockPunches.pointId));

export type PunchRow = Awaited<ReturnType<ReturnType<typeof punchQuery>['execute']>>[number];

export const punchOf = ({ punch, employeeName, employeeNo, storeName, pointName }: PunchRow): ClockPunch => ({
  id: punch.id,
  punched_at: punch.punchedAt.toISOString(),
  employee_id: punch.employeeId,
  employee_name: employeeName,
  employee_no: employeeNo,
  store_id: punch.storeId,
  store_name: storeName,
  point_name: pointName,
  distance: punch.distance,
  in_fence: punch.inFence,
  latitude: punch.latitude,
  longitude: punch.longitude,
  datum: punch.datum,
  accuracy: punch.accuracy,
  source: punch.source,
  has_photo: punch.photoUploadId !== null,
});

export const dayQuery = (db: Database) =>
  db
    .select({
      day: attendanceDays,
      employeeName: employees.name,
      employeeNo: employees.employeeNo,
      storeName: stores.name,
    })
    .from(attendanceDays)
    .innerJoin(employees, eq(employees.id, attendanceDays.employeeId))
    .leftJoin(stores, eq(stores.id, attendanceDays.storeId));

type DayRow = Awaited<ReturnType<ReturnType<typeof dayQuery>['execute']>>[number];

/** The rows' answers, each with the latest correction asked for its day. */
export async function daysOf(db: Database, rows: DayRow[]): Promise<AttendanceDay[]> {
  const corrections =
    rows.length === 0
      ? []
      : await db
          .selectDistinctOn([attendanceCorrections.employeeId, attendanceCorrections.day], {
            id: attendanceCorrections.id,
            employeeId: attendanceCorrections.employeeId,
            day: attendanceCorrections.day,
            status: attendanceCorrections.status,
            side: attendanceCorrections.side,
            punchAt: attendanceCorrections.punchAt,
          })
          .from(attendanceCorrections)
          .where(
            and(
              inArray(attendanceCorrections.employeeId, [...new Set(rows.map((row) => row.day.employeeId))]),
              inArray(attendanceCorrections.day, [...new Set(rows.map((row) => row.day.day))]),
            ),
          )
          .orderBy(
            attendanceCorrections.employeeId,
            attendanceCorrections.day,
            desc(attendanceCorrections.id),
          );
  const correctionOf = new Map(corrections.map((row) => [`${row.employeeId}:${row.day}`, row]));
  return rows.map(({ day, employeeName, employeeNo, storeName }) => {
    const correction = correctionOf.get(`${day.employeeId}:${day.day}`);
    return {
      employee_id: day.employeeId,
      employee_name: employeeName,
      employee_no: employeeNo,
      day: day.day,
      store_id: day.storeId,
      store_name: storeName,
      kind: day.kind,
      status: day.status,
      due_start: iso(day.dueStart),
      due_end: iso(day.dueEnd),
      first_in: iso(day.firstIn),
      last_out: iso(day.lastOut),
      late_minutes: day.lateMinutes,
      serious_late: day.seriousLate,
      early_minutes: day.earlyMinutes,
      missing_in: day.missingIn,
      missing_out: day.missingOut,
      absent: day.absent,
      outside: day.outside,
      worked_minutes: day.workedMinutes,
      overtime_minutes: day.overtimeMinutes,
      leave: day.leave,
      abnormal: abnormalKindsOf(day),
      explanation: day.explanation,
      explanation_status: day.explanationStatus,
      correction: correction
        ? {
            id: correction.id,
            status: correction.status,
            side: correction.side,
            punch_at: correction.punchAt.toISOString(),
          }
        : null,
    };
  });
}
