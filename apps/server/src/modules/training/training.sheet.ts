import {
  COURSE_CODE_PATTERN,
  COURSE_NAME_MAX,
  DESCRIPTION_MAX,
  LOCATION_MAX,
  NO,
  PASS_SCORE,
  REMARK_MAX,
  TRAINER_MAX,
  TRAINING_TYPES,
  YES,
  courseSheet,
  isHours,
  isScore,
  recordSheet,
  trainingMessages,
  trainingTypeNames,
  type TrainingType,
} from '@dealer-hr/shared/training/rules';
import { maxLengthMessage } from '@dealer-hr/shared/rules';
import { and, inArray, or } from 'drizzle-orm';
import type { ExportSource } from '../../core/exports';
import type { ImportSource } from '../../core/imports';
import { inScope, pathInScope } from '../../core/scope';
import type { Database } from '../../db/client';
import { departments, employees, trainingCourses } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { isCalendarDate } from '../../lib/day-range';
import { sheetColumnsOf } from '../../lib/xlsx';
import { courseListQuery, type CourseListQuery } from './training.schemas';
import { allCourses, upsertRecords, type RecordValue } from './training.service';

const typeByName = new Map(TRAINING_TYPES.map((type) => [trainingTypeNames[type], type]));
const columns = courseSheet.columns;

const exportColumns = sheetColumnsOf([
  ['code', columns.code, 14],
  ['name', columns.name, 28],
  ['type', columns.type, 12],
  ['trainer', columns.trainer, 12],
  ['startDate', columns.startDate, 12],
  ['endDate', columns.endDate, 12],
  ['hours', columns.hours, 8],
  ['department', columns.department, 18],
  ['location', columns.location, 20],
  ['attendees', '参训人数', 10],
  ['attended', '出勤人数', 10],
  ['passed', '通过人数', 10],
] as const);

/** The course list as an .xlsx file (`training/excel`, and the export job), in the caller's scope. */
export const trainingExport = (db: Database): ExportSource<CourseListQuery> => ({
  kind: 'training',
  permission: 'staff:training:export',
  sheetName: courseSheet.name,
  columns: exportColumns,
  query: courseListQuery,
  async *rows({ scope, query }) {
    for await (const course of allCourses(db, scope, query)) {
      yield {
        code: course.code,
        name: course.name,
        type: trainingTypeNames[course.type],
        trainer: course.trainer,
        startDate: course.start_date,
        endDate: course.end_date,
        hours: course.hours,
        department: course.department_name,
        location: course.location ?? '',
        attendees: course.attendees,
        attended: course.attended,
        passed: course.passed,
      };
    }
  },
});

/** A sheet's date: 2026-03-01, 2026/3/1 or 2026.3.1 (a date cell reads as the first). */
function sheetDate(text: string): string | null {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (!match) return null;
  const day = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return isCalendarDate(day) ? day : null;
}

/** A sheet's number with at most one decimal, or null. */
const sheetNumber = (text: string) => (/^\d{1,3}(\.\d)?$/.test(text) ? Number(text) : null);

interface CourseValue {
  code: string;
  name: string;
  type: TrainingType;
  trainer: string;
  startDate: string;
  endDate: string;
  hours: number;
  departmentId: number;
  location: string | null;
  description: string | null;
}

/** Regions and stores a file names (by code or by name), inside the importer's scope. */
async function placesNamed(db: Database, names: readonly string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: departments.id, code: departments.code, name: departments.name, path: departments.path })
    .from(departments)
    .where(
      and(
        inArray(departments.kind, ['region', 'store']),
        or(inArray(departments.code, [...names]), inArray(departments.name, [...names])),
      ),
    );
}

/**
 * Courses from an .xlsx file (imports/*, kind `training-courses`). A course code already used, in the
 * database or on an earlier row, is refused; 区域或门店 takes a region's or store's code or its name.
 */
export const courseImport = (db: Database): ImportSource<CourseValue> => ({
  kind: 'training-courses',
  permission: 'staff:training:import',
  sheetName: courseSheet.name,
  columns: [
    {
      key: 'code',
      header: columns.code,
      width: 14,
      required: true,
      example: 'TR-2026-001',
      rule: '字母、数字、“-”或“_”，不能与已有课程重复',
    },
    {
      key: 'name',
      header: columns.name,
      width: 28,
      required: true,
      example: '新车型产品知识培训',
      rule: `最多 ${COURSE_NAME_MAX} 个字符`,
    },
    { key: 'type', header: columns.type, width: 12, required: true, example: trainingTypeNames.product },
    { key: 'trainer', header: columns.trainer, width: 12, required: true, example: '李明' },
    {
      key: 'startDate',
      header: columns.startDate,
      width: 12,
      required: true,
      example: '2026-03-02',
      rule: '日期，如 2026-03-02',
    },
    {
      key: 'endDate',
      header: columns.endDate,
      width: 12,
      required: true,
      example: '2026-03-03',
      rule: '不能早于开始日期',
    },
    {
      key: 'hours',
      header: columns.hours,
      width: 8,
      required: true,
      example: '6',
      rule: '0.5 到 500，最多一位小数',
    },
    {
      key: 'department',
      header: columns.department,
      width: 18,
      required: true,
      example: 'SH-BMW-01',
      rule: '区域或门店的编码或名称',
    },
    {
      key: 'location',
      header: columns.location,
      width: 20,
      example: '二楼培训室',
      rule: `最多 ${LOCATION_MAX} 个字符`,
    },
    {
      key: 'description',
      header: columns.description,
      width: 30,
      example: '',
      rule: `最多 ${DESCRIPTION_MAX} 个字符`,
    },
  ],
  lists: async () => ({ type: TRAINING_TYPES.map((type) => trainingTypeNames[type]) }),
  async check(_db, run, rows, seen) {
    const codes = [...new Set(rows.map((row) => row.cells.code ?? '').filter(Boolean))];
    const placeNames = [...new Set(rows.map((row) => row.cells.department ?? '').filter(Boolean))];
    const [taken, places] = await Promise.all([
      codes.length === 0
        ? []
        : db
            .select({ code: trainingCourses.code })
            .from(trainingCourses)
            .where(inArray(trainingCourses.code, codes)),
      placesNamed(db, placeNames),
    ]);
    const takenCodes = new Set(taken.map((course) => course.code));
    const visible = places.filter((place) => pathInScope(run.scope, place.path));
    return rows.map((row) => {
      const cells = row.cells;
      const { code = '', name = '', trainer = '', department = '' } = cells;
      const problems: string[] = [];
      if (code && !COURSE_CODE_PATTERN.test(code)) problems.push(trainingMessages.codeInvalid);
      if (takenCodes.has(code)) problems.push(trainingMessages.codeTaken(code));
      const first = seen.get(code);
      if (code && first !== undefined) problems.push(trainingMessages.duplicateCourseRow(first));
      else if (code) seen.set(code, row.row);
      if (name.length > COURSE_NAME_MAX) problems.push(maxLengthMessage(columns.name, COURSE_NAME_MAX));
      if (trainer.length > TRAINER_MAX) problems.push(maxLengthMessage(columns.trainer, TRAINER_MAX));
      if ((cells.location ?? '').length > LOCATION_MAX)
        problems.push(maxLengthMessage(columns.location, LOCATION_MAX));
      if ((cells.description ?? '').length > DESCRIPTION_MAX)
        problems.push(maxLengthMessage(columns.description, DESCRIPTION_MAX));
      const startDate = cells.startDate ? sheetDate(cells.startDate) : null;
      const endDate = cells.endDate ? sheetDate(cells.endDate) : null;
      if (cells.startDate && !startDate) problems.push(trainingMessages.dateCell(columns.startDate));
      if (cells.endDate && !endDate) problems.push(trainingMessages.dateCell(columns.endDate));
      if (startDate && endDate && endDate < startDate) problems.push(trainingMessages.endBeforeStart);
      const hours = cells.hours ? sheetNumber(cells.hours) : null;
      if (cells.hours && (hours === null || !isHours(hours))) problems.push(trainingMessages.hoursInvalid);
      const matches = visible.filter((place) => place.code === department || place.name === department);
      const byCode = matches.find((place) => place.code === department);
      const place = byCode ?? (matches.length === 1 ? matches[0] : undefined);
      if (department && matches.length === 0) problems.push(trainingMessages.departmentUnknown(department));
      else if (department && !place) problems.push(trainingMessages.departmentAmbiguous(department));
      const type = typeByName.get(cells.type ?? '');
      if (problems.length > 0 || !type || !startDate || !endDate || hours === null || !place)
        return { row: row.row, problems };
      return {
        row: row.row,
        value: {
          code,
          name,
          type,
          trainer,
          startDate,
          endDate,
          hours,
          departmentId: place.id,
          location: cells.location || null,
          description: cells.description || null,
        },
      };
    });
  },
  async write(tx, run, values) {
    await tx
      .insert(trainingCourses)
      .values(values.map((value) => ({ ...value, createdByUserId: run.userId })));
    await writeAudit(tx, run.audit, {
      entity: 'training_course',
      entityId: 'import',
      action: 'import',
      after: { rows: values.length, codes: values.map((value) => value.code) },
    });
  },
});

interface RecordLine extends RecordValue {
  courseId: number;
}

const yesNo = (text: string) => (text === YES ? true : text === NO ? false : null);

/**
 * Who attended which course, from an .xlsx file (imports/*, kind `training-records`): 课程编号 and 工号 name
 * the line; a line already on the roster is updated (a corrected score is imported again). 是否通过 left
 * empty follows the score (at least 60 passes).
 */
export const recordImport = (db: Database): ImportSource<RecordLine> => ({
  kind: 'training-records',
  permission: 'staff:training:import',
  sheetName: recordSheet.name,
  columns: [
    {
      key: 'courseCode',
      header: recordSheet.columns.courseCode,
      width: 14,
      required: true,
      example: 'TR-2026-001',
    },
    {
      key: 'employeeNo',
      header: recordSheet.columns.employeeNo,
      width: 12,
      required: true,
      example: 'E0001',
    },
    {
      key: 'employeeName',
      header: recordSheet.columns.employeeName,
      width: 10,
      example: '张伟',
      rule: '填写时须与工号一致',
    },
    { key: 'attended', header: recordSheet.columns.attended, width: 10, required: true, example: YES },
    {
      key: 'score',
      header: recordSheet.columns.score,
      width: 8,
      example: '86',
      rule: '0 到 100，最多一位小数',
    },
    {
      key: 'passed',
      header: recordSheet.columns.passed,
      width: 10,
      example: YES,
      rule: `不填时按成绩判断（${PASS_SCORE} 分及以上通过）`,
    },
    {
      key: 'remark',
      header: recordSheet.columns.remark,
      width: 24,
      example: '',
      rule: `最多 ${REMARK_MAX} 个字符`,
    },
  ],
  lists: async () => ({ attended: [YES, NO], passed: [YES, NO] }),
  async check(_db, run, rows, seen) {
    const codes = [...new Set(rows.map((row) => row.cells.courseCode ?? '').filter(Boolean))];
    const numbers = [...new Set(rows.map((row) => row.cells.employeeNo ?? '').filter(Boolean))];
    const [courses, people] = await Promise.all([
      codes.length === 0
        ? []
        : db
            .select({ id: trainingCourses.id, code: trainingCourses.code })
            .from(trainingCourses)
            .where(
              and(inArray(trainingCourses.code, codes), inScope(run.scope, trainingCourses.departmentId)),
            ),
      numbers.length === 0
        ? []
        : db
            .select({ id: employees.id, no: employees.employeeNo, name: employees.name })
            .from(employees)
            .where(inArray(employees.employeeNo, numbers)),
    ]);
    const courseByCode = new Map(courses.map((course) => [course.code, course.id]));
    const personByNo = new Map(people.map((person) => [person.no, person]));
    return rows.map((row) => {
      const { courseCode = '', employeeNo = '', employeeName = '', remark = '' } = row.cells;
      const problems: string[] = [];
      const courseId = courseByCode.get(courseCode);
      const person = personByNo.get(employeeNo);
      if (courseCode && courseId === undefined) problems.push(trainingMessages.courseUnknown(courseCode));
      if (employeeNo && !person) problems.push(trainingMessages.employeeUnknown(employeeNo));
      if (person && employeeName && employeeName !== person.name)
        problems.push(trainingMessages.nameMismatch(employeeNo, person.name));
      const score = row.cells.score ? sheetNumber(row.cells.score) : null;
      if (row.cells.score && (score === null || !isScore(score)))
        problems.push(trainingMessages.scoreInvalid);
      if (remark.length > REMARK_MAX) problems.push(maxLengthMessage(recordSheet.columns.remark, REMARK_MAX));
      if (courseId !== undefined && person) {
        const key = `${courseId}:${person.id}`;
        const first = seen.get(key);
        if (first === undefined) seen.set(key, row.row);
        else problems.push(trainingMessages.duplicateRecordRow(first));
      }
      const attended = yesNo(row.cells.attended ?? '');
      if (problems.length > 0 || courseId === undefined || !person || attended === null)
        return { row: row.row, problems };
      const passed =
        yesNo(row.cells.passed ?? '') ?? (attended && score !== null ? score >= PASS_SCORE : null);
      return {
        row: row.row,
        value: { courseId, employeeId: person.id, attended, score, passed, remark: remark || null },
      };
    });
  },
  async write(tx, run, lines) {
    // Node 20 has no Map.groupBy.
    const byCourse = new Map<number, RecordValue[]>();
    for (const { courseId, ...record } of lines)
      byCourse.set(courseId, [...(byCourse.get(courseId) ?? []), record]);
    for (const [courseId, records] of byCourse) await upsertRecords(tx, courseId, records);
    await writeAudit(tx, run.audit, {
      entity: 'training_course',
      entityId: 'import',
      action: 'import_records',
      after: { rows: lines.length, courses: [...byCourse.keys()] },
    });
  },
});
