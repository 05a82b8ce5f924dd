import type {
  CourseDetail,
  CourseRow,
  CourseStoreBody,
  CourseUpdateBody,
  RecordRow,
  TrainingSummaryRow,
} from '@dealer-hr/shared/training/contract';
import { trainingMessages } from '@dealer-hr/shared/training/rules';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inScope, pathInScope, type Scope } from '../../core/scope';
import { employeeKeywordMatch } from '../../core/employee-keyword';
import type { Database } from '../../db/client';
import { departments, employees, posts, stores, trainingCourses, trainingRecords } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { likeContains, offsetOf } from '../../lib/paging';
import { onUniqueViolation } from '../../lib/pg-errors';
import type { CourseListQuery, SummaryQuery } from './training.schemas';

type Course = typeof trainingCourses.$inferSelect;

const courseColumns = {
  course: trainingCourses,
  departmentName: departments.name,
  departmentKind: departments.kind,
};

interface Counts {
  attendees: number;
  attended: number;
  passed: number;
}
const noCounts: Counts = { attendees: 0, attended: 0, passed: 0 };

function rowOf(
  {
    course,
    departmentName,
    departmentKind,
  }: { course: Course; departmentName: string; departmentKind: string },
  counts: Counts = noCounts,
): CourseRow {
  return {
    id: course.id,
    code: course.code,
    name: course.name,
    type: course.type,
    trainer: course.trainer,
    start_date: course.startDate,
    end_date: course.endDate,
    hours: course.hours,
    department_id: course.departmentId,
    department_name: departmentName,
    department_kind: departmentKind === 'region' ? 'region' : 'store',
    location: course.location,
    description: course.description,
    ...counts,
    created_at: course.createdAt.toISOString(),
  };
}

const coursesQuery = (db: Database) =>
  db
    .select(courseColumns)
    .from(trainingCourses)
    .innerJoin(departments, eq(departments.id, trainingCourses.departmentId));

/** A course's department path: the subtree filters (an area's courses include its stores'). */
// A raw subquery names the aliased table itself: `${ancestor}` alone would print only the alias.
const ancestor = alias(departments, 'ancestor');
const underDepartment = (departmentId: number) =>
  sql`${departments.path} like (select ${ancestor.path} || '%' from ${departments} as ${sql.identifier('ancestor')} where ${ancestor.id} = ${departmentId})`;

function listConditions(scope: Scope, query: CourseListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inScope(scope, trainingCourses.departmentId)];
  if (query.keyword) {
    const pattern = likeContains(query.keyword);
    conditions.push(
      or(
        ilike(trainingCourses.name, pattern),
        ilike(trainingCourses.code, pattern),
        ilike(trainingCourses.trainer, pattern),
      ),
    );
  }
  if (query.type) conditions.push(eq(trainingCourses.type, query.type));
  if (query.region_id) conditions.push(underDepartment(query.region_id));
  if (query.store_id) conditions.push(eq(departments.id, storeDepartmentOf(query.store_id)));
  if (query.from) conditions.push(gte(trainingCourses.startDate, query.from));
  if (query.to) conditions.push(lte(trainingCourses.startDate, query.to));
  return and(...conditions);
}

/** The store filter names a store (`stores.id`, as the store selects give); courses name its department. */
const storeDepartmentOf = (storeId: number) =>
  sql`(select ${stores.departmentId} from ${stores} where ${stores.id} = ${storeId})`;

/** Roster, attendance and passes of the given courses, by course id. */
async function countsOf(db: Database, courseIds: readonly number[]): Promise<Map<number, Counts>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({
      courseId: trainingRecords.courseId,
      attendees: count(),
      attended: sql<number>`count(*) filter (where ${trainingRecords.attended})`.mapWith(Number),
      passed: sql<number>`count(*) filter (where ${trainingRecords.passed})`.mapWith(Number),
    })
    .from(trainingRecords)
    .where(inArray(trainingRecords.courseId, [...courseIds]))
    .groupBy(trainingRecords.courseId);
  return new Map(rows.map(({ courseId, ...counts }) => [courseId, counts]));
}

/** `GET training/list`: courses in the caller's scope, latest start first. */
export async function listCourses(db: Database, scope: Scope, query: CourseListQuery) {
  const where = listConditions(scope, query);
  const [rows, [total]] = await Promise.all([
    coursesQuery(db)
      .where(where)
      .orderBy(desc(trainingCourses.startDate), desc(trainingCourses.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(trainingCourses)
      .innerJoin(departments, eq(departments.id, trainingCourses.departmentId))
      .where(where),
  ]);
  const counts = await countsOf(
    db,
    rows.map((row) => row.course.id),
  );
  return { data: rows.map((row) => rowOf(row, counts.get(row.course.id))), total: total?.total ?? 0 };
}

/** Every course of the filter, for the export: keyset pages on (start date, id), latest first. */
export async function* allCourses(
  db: Database,
  scope: Scope,
  query: CourseListQuery,
): AsyncGenerator<CourseRow> {
  const where = listConditions(scope, query);
  const batch = 1000;
  let after: { startDate: string; id: number } | null = null;
  for (;;) {
    const page: Awaited<ReturnType<ReturnType<typeof coursesQuery>['where']>> = await coursesQuery(db)
      .where(
        and(
          where,
          after
            ? sql`(${trainingCourses.startDate}, ${trainingCourses.id}) < (${after.startDate}::date, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(trainingCourses.startDate), desc(trainingCourses.id))
      .limit(batch);
    const counts = await countsOf(
      db,
      page.map((row) => row.course.id),
    );
    for (const row of page) yield rowOf(row, counts.get(row.course.id));
    if (page.length < batch) return;
    const last = page[page.length - 1]!.course;
    after = { startDate: last.startDate, id: last.id };
  }
}

/** A course inside the caller's scope, or 404 (the answer of one that does not exist). */
async function courseInScope(db: Database, scope: Scope, id: number) {
  const [row] = await coursesQuery(db).where(
    and(eq(trainingCourses.id, id), inScope(scope, trainingCourses.departmentId)),
  );
  if (!row) throw notFound(trainingMessages.notFound);
  return row;
}

/** `GET training/detail`: the course and its roster, by employee number. */
export async function courseDetail(db: Database, scope: Scope, id: number): Promise<CourseDetail> {
  const row = await courseInScope(db, scope, id);
  const records = await db
    .select({
      record: trainingRecords,
      employeeNo: employees.employeeNo,
      employeeName: employees.name,
      storeName: stores.name,
      postName: posts.name,
    })
    .from(trainingRecords)
    .innerJoin(employees, eq(employees.id, trainingRecords.employeeId))
    .leftJoin(stores, eq(stores.id, employees.mainStoreId))
    .leftJoin(posts, eq(posts.id, employees.mainPostId))
    .where(eq(trainingRecords.courseId, id))
    .orderBy(asc(employees.employeeNo));
  const recordRows: RecordRow[] = records.map(
    ({ record, employeeNo, employeeName, storeName, postName }) => ({
      id: record.id,
      employee_id: record.employeeId,
      employee_no: employeeNo,
      employee_name: employeeName,
      store_name: storeName,
      post_name: postName,
      attended: record.attended,
      score: record.score,
      passed: record.passed,
      remark: record.remark,
    }),
  );
  // The counts of the roster just read, rather than asked for again.
  const counts: Counts = {
    attendees: recordRows.length,
    attended: recordRows.filter((record) => record.attended).length,
    passed: recordRows.filter((record) => record.passed).length,
  };
  return { ...rowOf(row, counts), records: recordRows };
}

/** The department a course is held by: an area (region) or a store, inside the caller's scope. */
export async function assertCourseDepartment(db: Database, scope: Scope, departmentId: number) {
  const [department] = await db
    .select({ kind: departments.kind, path: departments.path })
    .from(departments)
    .where(eq(departments.id, departmentId));
  if (!department || !pathInScope(scope, department.path))
    throw validationFailed([{ field: 'department_id', message: trainingMessages.departmentKind }]);
  if (department.kind !== 'region' && department.kind !== 'store')
    throw validationFailed([{ field: 'department_id', message: trainingMessages.departmentKind }]);
}

const codeTaken = (code: string) => () =>
  conflict(trainingMessages.codeTaken(code), {
    errors: [{ field: 'code', message: trainingMessages.codeTaken(code) }],
  });

const courseValues = (fields: CourseStoreBody) => ({
  code: fields.code,
  name: fields.name,
  type: fields.type,
  trainer: fields.trainer,
  startDate: fields.start_date,
  endDate: fields.end_date,
  hours: fields.hours,
  departmentId: fields.department_id,
  location: fields.location,
  description: fields.description,
});

/** What the audit log keeps of a course. */
const auditedOf = (course: Course) => ({
  code: course.code,
  name: course.name,
  type: course.type,
  trainer: course.trainer,
  startDate: course.startDate,
  endDate: course.endDate,
  hours: course.hours,
  departmentId: course.departmentId,
  location: course.location,
  description: course.description,
});

/** `POST training/course`. */
export async function createCourse(
  db: Database,
  actor: AuditActor,
  scope: Scope,
  body: CourseStoreBody,
): Promise<CourseRow> {
  await assertCourseDepartment(db, scope, body.department_id);
  const id = await onUniqueViolation(codeTaken(body.code), () =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(trainingCourses)
        .values({ ...courseValues(body), createdByUserId: actor.userId })
        .returning();
      await writeAudit(tx, actor, {
        entity: 'training_course',
        entityId: created!.id,
        action: 'create',
        after: auditedOf(created!),
      });
      return created!.id;
    }),
  );
  return rowOf(await courseInScope(db, scope, id));
}

/** `PUT training/update`: every field again; the old and new department must both be in scope. */
export async function updateCourse(
  db: Database,
  actor: AuditActor,
  scope: Scope,
  body: CourseUpdateBody,
): Promise<CourseRow> {
  const { course: before } = await courseInScope(db, scope, body.id);
  await assertCourseDepartment(db, scope, body.department_id);
  await onUniqueViolation(codeTaken(body.code), () =>
    db.transaction(async (tx) => {
      const [after] = await tx
        .update(trainingCourses)
        .set(courseValues(body))
        .where(eq(trainingCourses.id, body.id))
        .returning();
      await writeAudit(tx, actor, {
        entity: 'training_course',
        entityId: body.id,
        action: 'update',
        before: auditedOf(before),
        after: auditedOf(after!),
      });
    }),
  );
  const counts = (await countsOf(db, [body.id])).get(body.id);
  return rowOf(await courseInScope(db, scope, body.id), counts);
}

/** `DELETE training/destroy`: the course and its roster (a course entered by mistake). */
export async function deleteCourse(db: Database, actor: AuditActor, scope: Scope, id: number) {
  const { course } = await courseInScope(db, scope, id);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(trainingRecords)
      .where(eq(trainingRecords.courseId, id))
      .returning({ id: trainingRecords.id });
    await tx.delete(trainingCourses).where(eq(trainingCourses.id, id));
    await writeAudit(tx, actor, {
      entity: 'training_course',
      entityId: id,
      action: 'delete',
      before: { ...auditedOf(course), records: removed.length },
    });
  });
  return { id };
}

export interface RecordValue {
  employeeId: number;
  attended: boolean;
  score: number | null;
  passed: boolean | null;
  remark: string | null;
}

/** Adds or changes roster lines of one course, by person (the save and the import write through this). */
export async function upsertRecords(tx: Database, courseId: number, records: readonly RecordValue[]) {
  if (records.length === 0) return;
  await tx
    .insert(trainingRecords)
    .values(records.map((record) => ({ ...record, courseId })))
    .onConflictDoUpdate({
      target: [trainingRecords.courseId, trainingRecords.employeeId],
      set: {
        attended: sql`excluded.attended`,
        score: sql`excluded.score`,
        passed: sql`excluded.passed`,
        remark: sql`excluded.remark`,
        updatedAt: sql`now()`,
      },
    });
}

/** `PUT training/records`: the roster's changed and removed people, in one transaction. */
export async function saveRecords(
  db: Database,
  actor: AuditActor,
  scope: Scope,
  body: { course_id: number; records: RecordValue[]; remove: number[] },
): Promise<CourseDetail> {
  await courseInScope(db, scope, body.course_id);
  const ids = body.records.map((record) => record.employeeId);
  if (ids.length > 0) {
    const found = await db.select({ id: employees.id }).from(employees).where(inArray(employees.id, ids));
    if (found.length !== new Set(ids).size)
      throw validationFailed([{ field: 'records', message: trainingMessages.employeeNotFound }]);
  }
  await db.transaction(async (tx) => {
    await upsertRecords(tx, body.course_id, body.records);
    if (body.remove.length > 0)
      await tx
        .delete(trainingRecords)
        .where(
          and(eq(trainingRecords.courseId, body.course_id), inArray(trainingRecords.employeeId, body.remove)),
        );
    await writeAudit(tx, actor, {
      entity: 'training_course',
      entityId: body.course_id,
      action: 'save_records',
      after: { saved: body.records, removed: body.remove },
    });
  });
  return courseDetail(db, scope, body.course_id);
}

/** Courses of the filter with their roster counts: what the by-area and by-store lists add up. */
function perCourse(db: Database, scope: Scope, query: SummaryQuery) {
  return db
    .select({
      id: trainingCourses.id,
      departmentId: trainingCourses.departmentId,
      path: departments.path,
      hours: trainingCourses.hours,
      attendees: sql<number>`count(${trainingRecords.id})`.as('attendees'),
      attended: sql<number>`count(${trainingRecords.id}) filter (where ${trainingRecords.attended})`.as(
        'attended',
      ),
      passed: sql<number>`count(${trainingRecords.id}) filter (where ${trainingRecords.passed})`.as('passed'),
    })
    .from(trainingCourses)
    .innerJoin(departments, eq(departments.id, trainingCourses.departmentId))
    .leftJoin(trainingRecords, eq(trainingRecords.courseId, trainingCourses.id))
    .where(
      and(
        inScope(scope, trainingCourses.departmentId),
        query.type ? eq(trainingCourses.type, query.type) : undefined,
        query.from ? gte(trainingCourses.startDate, query.from) : undefined,
        query.to ? lte(trainingCourses.startDate, query.to) : undefined,
      ),
    )
    .groupBy(trainingCourses.id, departments.path)
    .as('per_course');
}

function summed(course: ReturnType<typeof perCourse>) {
  return {
    courses: sql<number>`count(${course.id})`.mapWith(Number),
    hours: sql<number>`coalesce(sum(${course.hours}), 0)`.mapWith(Number),
    attendees: sql<number>`coalesce(sum(${course.attendees}), 0)`.mapWith(Number),
    attended: sql<number>`coalesce(sum(${course.attended}), 0)`.mapWith(Number),
    passed: sql<number>`coalesce(sum(${course.passed}), 0)`.mapWith(Number),
  };
}

type Summed = { [Key in keyof ReturnType<typeof summed>]: number };

const summaryRowOf = (
  department: { id: number; name: string; regionName: string | null },
  sums: Summed,
): TrainingSummaryRow => ({
  department_id: department.id,
  department_name: department.name,
  region_name: department.regionName,
  ...sums,
  pass_rate: sums.attended > 0 ? sums.passed / sums.attended : null,
});

/**
 * A region the caller may read about: inside the scope, or holding part of it (a store manager sees their
 * region's line, counting only the courses of their scope).
 */
function regionVisible(scope: Scope, path: SQL | typeof departments.path): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.paths.length === 0) return sql`false`;
  return or(
    ...scope.paths.map((scopePath) =>
      or(sql`${path} like ${`${scopePath}%`}`, sql`${scopePath} like ${path} || '%'`),
    ),
  );
}

/** `GET training/area`: per region, every course held there or at its stores. */
export async function byArea(db: Database, scope: Scope, query: SummaryQuery): Promise<TrainingSummaryRow[]> {
  const course = perCourse(db, scope, query);
  const rows = await db
    .select({ id: departments.id, name: departments.name, sort: departments.sort, ...summed(course) })
    .from(departments)
    .leftJoin(course, sql`${course.path} like ${departments.path} || '%'`)
    .where(and(eq(departments.kind, 'region'), regionVisible(scope, departments.path)))
    .groupBy(departments.id)
    .orderBy(asc(departments.sort), asc(departments.id));
  return rows.map(({ id, name, sort: _sort, ...sums }) => summaryRowOf({ id, name, regionName: null }, sums));
}

/** `GET training/store`: per store in scope, the courses the store held. */
export async function byStore(
  db: Database,
  scope: Scope,
  query: SummaryQuery,
): Promise<TrainingSummaryRow[]> {
  const course = perCourse(db, scope, query);
  const region = alias(departments, 'region');
  const rows = await db
    .select({
      id: departments.id,
      name: departments.name,
      regionName: region.name,
      ...summed(course),
    })
    .from(departments)
    .leftJoin(region, eq(region.id, departments.parentId))
    .leftJoin(course, eq(course.departmentId, departments.id))
    .where(
      and(
        eq(departments.kind, 'store'),
        inScope(scope, departments.id),
        query.region_id ? eq(departments.parentId, query.region_id) : undefined,
      ),
    )
    .groupBy(departments.id, region.name, region.sort)
    .orderBy(asc(region.sort), asc(departments.sort), asc(departments.id));
  return rows.map(({ id, name, regionName, ...sums }) => summaryRowOf({ id, name, regionName }, sums));
}

/** People a roster may take at most at once from one search. */
const PEOPLE_LIMIT = 20;

/**
 * `GET training/people`: staff in the caller's scope a roster can take, found by the beginning of their name
 * (in characters or pinyin) or employee number, as the directory finds them.
 */
export async function peopleToChoose(db: Database, scope: Scope, keyword: string | undefined) {
  const rows = await db
    .select({
      id: employees.id,
      employee_no: employees.employeeNo,
      name: employees.name,
      store_name: stores.name,
      post_name: posts.name,
    })
    .from(employees)
    .leftJoin(stores, eq(stores.id, employees.mainStoreId))
    .leftJoin(posts, eq(posts.id, employees.mainPostId))
    .where(
      and(
        ne(employees.status, 'resigned'),
        inScope(scope, employees.mainDepartmentId),
        keyword ? employeeKeywordMatch(keyword) : undefined,
      ),
    )
    .orderBy(asc(employees.employeeNo))
    .limit(PEOPLE_LIMIT);
  return rows;
}
