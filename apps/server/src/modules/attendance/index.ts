// The face of attendance: clock-in points and the fence, rules and shifts with the holiday calendar, the
// clock-in and its records, the day table with its nightly build, abnormal days and corrections, leave and
// overtime, the monthly sheet.
export { clockPointRoutes } from './coordinates.routes';
export { attendanceRuleRoutes } from './rules.routes';
export { clockRoutes } from './clock.routes';
export { fenceOf } from './coordinates.service';
export { correctionBusiness } from './correction.business';
export { leaveBusiness } from './leave.business';
export { leaveRoutes } from './leave.routes';
export { overtimeBusiness } from './overtime.business';
export { overtimeRoutes } from './overtime.routes';
export {
  BUILD_ATTENDANCE_DAY,
  buildAttendanceDayJob,
  buildDay,
  computeDays,
  evaluateDays,
} from './days.build';
export {
  ENSURE_PUNCH_PARTITIONS,
  ensurePunchPartitions,
  ensurePunchPartitionsJob,
  addMonths,
} from './punch-partitions';
export { statisticsExport } from './statistics.service';
// The employee's steps on an abnormal day and a Sunday's overtime, for the demo's story to perform.
export { explainDay, requestCorrection } from './abnormal.service';
export { creditLieu, lieuYearOf, requestOvertime } from './overtime.service';
export { balancesOf, grantAnnualLeave } from './leave.service';
export { EXPIRE_LEAVE, expireLeave, expireLeaveJob } from './leave-expiry';
