import type {
  RotationDetail,
  RotationEditBody,
  RotationPerson,
  RotationRow,
  RotationStage,
  RotationStageBody,
  RotationStoreBody,
} from '@dealer-hr/shared/rotation/contract';
import { OPEN_DISPATCH_STATUSES } from '@dealer-hr/shared/dispatch/rules';
import { ROTATION_BACKDATE_DAYS_MAX, rotationMessages } from '@dealer-hr/shared/rotation/rules';
import { and, asc, count, desc, eq, exists, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays, type Today } from '../../core/clock';
import { storeOfDepartment } from '../../core/department-tree';
import { employeeKeywordMatch } from '../../core/employee-keyword';
import { staffChoices } from '../../core/staff-choices';
import { inScope, openMainAssignmentOf, type Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import {
  assignments,
  departments,
  dispatches,
  employees,
  posts,
  rotationPlans,
  rotationStages,
  stores,
  users,
} from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import { onUniqueViolation } from '../../lib/pg-errors';
import type { Sealer } from '../../lib/sealed-values';
import { checkPlacement } from '../mutual-exclusion';
import type { RotationListQuery } from './rotation.schemas';
import { endStage, settlePlan, stopPlan } from './rotation.settle';

type Plan = typeof rotationPlans.$inferSelect;
type Actor = AuditActor & { userId: number };

const mentors = alias(employees, 'mentors');
const evaluators = alias(users, 'evaluators');

/** Stages with the names they show. */
const stagesQuery = (db: Database) =>
  db
    .select({
      stage: rotationStages,
      store: stores.name,
      department: departments.name,
      post: posts.name,
      mentor: mentors.name,
      evaluatedBy: evaluators.name,
    })
    .from(rotationStages)
    .innerJoin(departments, eq(departments.id, rotationStages.departmentId))
    .leftJoin(stores, eq(stores.id, rotationStages.storeId))
    .innerJoin(posts, eq(posts.id, rotationStages.postId))
    .leftJoin(mentors, eq(mentors.id, rotationStages.mentorEmployeeId))
    .leftJoin(evaluators, eq(evaluators.id, rotationStages.evaluatedByUserId));

type StageJoined = Awaited<ReturnType<ReturnType<typeof stagesQuery>['where']>>[number];

const stageOf = ({ stage, ...names }: StageJoined): RotationStage => ({
  id: stage.id,
  seq: stage.seq,
  store_id: stage.storeId,
  store_name: names.store,
  department_id: stage.departmentId,
  department_name: names.department,
  post_id: stage.postId,
  post_name: names.post,
  start_date: stage.startDate,
  end_date: stage.endDate,
  mentor_id: stage.mentorEmployeeId,
  mentor_name: names.mentor,
  status: stage.status,
  score: stage.score,
  comment: stage.comment,
  evaluated_by: names.evaluatedBy,
  evaluated_at: stage.evaluatedAt?.toISOString() ?? null,
});

const plansQuery = (db: Database) =>
  db
    .select({
      plan: rotationPlans,
      employeeNo: employees.employeeNo,
      employeeName: employees.name,
      createdBy: users.name,
    })
    .from(rotationPlans)
    .innerJoin(employees, eq(employees.id, rotationPlans.employeeId))
    .leftJoin(users, eq(users.id, rotationPlans.createdByUserId));

type PlanJoined = Awaited<ReturnType<ReturnType<typeof plansQuery>['where']>>[number];

/** The list's row: the plan with its progress (how many stages done, the current and the next one). */
function rowOf({ plan, ...names }: PlanJoined, stages: RotationStage[]): RotationRow {
  const live = stages.filter((stage) => stage.status !== 'cancelled');
  return {
    id: plan.id,
    employee_id: plan.employeeId,
    employee_no: names.employeeNo,
    employee_name: names.employeeName,
    title: plan.title,
    replaces_main: plan.replacesMain,
    status: plan.status,
    start_date: live[0]?.start_date ?? stages[0]!.start_date,
    end_date: live.at(-1)?.end_date ?? stages.at(-1)!.end_date,
    stage_count: live.length,
    done_count: live.filter((stage) => stage.status === 'done').length,
    current: live.find((stage) => stage.status === 'current') ?? null,
    next: live.find((stage) => stage.status === 'upcoming') ?? null,
    created_by: names.createdBy,
    created_at: plan.createdAt.toISOString(),
  };
}

/** A plan is the caller's to read when the person, or one of its stages, is inside their scope. */
const visibleIn = (db: Database, scope: Scope): SQL | undefined =>
  scope.all
    ? undefined
    : or(
        inScope(scope, employees.mainDepartmentId),
        exists(
          db
            .select({ id: rotationStages.id })
            .from(rotationStages)
            .where(
              and(eq(rotationStages.planId, rotationPlans.id), inScope(scope, rotationStages.departmentId)),
            ),
        ),
      );

/** Changes belong to the person's own scope: a store holding only a stage reads and evaluates it. */
const ownedBy = (scope: Scope): SQL | undefined => inScope(scope, employees.mainDepartmentId);

async function stagesOf(db: Database, planIds: number[]): Promise<Map<number, RotationStage[]>> {
  const byPlan = new Map<number, RotationStage[]>(planIds.map((id) => [id, []]));
  if (planIds.length === 0) return byPlan;
  const rows = await stagesQuery(db)
    .where(inArray(rotationStages.planId, planIds))
    .orderBy(asc(rotationStages.planId), asc(rotationStages.seq));
  for (const row of rows) byPlan.get(row.stage.planId)!.push(stageOf(row));
  return byPlan;
}

/** `index`: the plans of the filter, latest made first. */
export async function listRotations(db: Database, scope: Scope, query: RotationListQuery) {
  const where = and(
    visibleIn(db, scope),
    query.keyword ? employeeKeywordMatch(query.keyword) : undefined,
    query.status ? eq(rotationPlans.status, query.status) : undefined,
    query.store_id
      ? exists(
          db
            .select({ id: rotationStages.id })
            .from(rotationStages)
            .where(
              and(eq(rotationStages.planId, rotationPlans.id), eq(rotationStages.storeId, query.store_id)),
            ),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    plansQuery(db)
      .where(where)
      .orderBy(desc(rotationPlans.createdAt), desc(rotationPlans.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(rotationPlans)
      .innerJoin(employees, eq(employees.id, rotationPlans.employeeId))
      .where(where),
  ]);
  const stages = await stagesOf(
    db,
    rows.map((row) => row.plan.id),
  );
  return { data: rows.map((row) => rowOf(row, stages.get(row.plan.id)!)), total: total?.total ?? 0 };
}

export async function rotationDetail(db: Database, scope: Scope, id: number): Promise<RotationDetail> {
  const [row] = await plansQuery(db).where(and(eq(rotationPlans.id, id), visibleIn(db, scope)));
  if (!row) throw notFound(rotationMessages.notFound);
  const [stagesById, [owned]] = await Promise.all([
    stagesOf(db, [id]),
    plansQuery(db).where(and(eq(rotationPlans.id, id), ownedBy(scope))),
  ]);
  const stages = stagesById.get(id)!;
  const changeable = row.plan.status === 'active' && owned !== undefined;
  return {
    ...rowOf(row, stages),
    note: row.plan.note,
    cancel_reason: row.plan.cancelReason,
    stages,
    actions: {
      edit: changeable,
      cancel: changeable,
      evaluate: stages.some((stage) => stage.status === 'current' || stage.status === 'done'),
    },
  };
}

/** `people`: staff of the caller's scope a plan can be made for, with their main post (at most 20). */
export async function rotationPeople(
  db: Database,
  scope: Scope,
  keyword: string | undefined,
): Promise<RotationPerson[]> {
  const people = await staffChoices(
    db,
    scope,
    keyword,
    sql<number | null>`(${db
      .select({ id: rotationPlans.id })
      .from(rotationPlans)
      .where(and(eq(rotationPlans.employeeId, employees.id), eq(rotationPlans.status, 'active')))
      .limit(1)})`,
  );
  return people.map(({ open, ...person }) => ({ ...person, open_plan_id: open }));
}

const stageError = (index: number, field: string, message: string) =>
  validationFailed([{ field: `stages.${index}.${field}`, message }]);

interface StageCheck {
  scope: Scope;
  employee: typeof employees.$inferSelect;
  replacesMain: boolean;
  /** The day every stage must begin after (the main post's start, or the last stage already begun's end). */
  after: { day: string; message: string };
  /** The earliest first day allowed. */
  earliest: { day: string; message: string };
}

/**
 * Every stage, in the order given: an active department inside the caller's scope, an active post, a period
 * after the one before it, a mentor on staff (not the person), and the mutual-exclusion rules of its place.
 * Answers the store of each stage.
 */
async function checkStages(
  tx: Database,
  sealer: Sealer,
  stages: RotationStageBody[],
  check: StageCheck,
): Promise<(number | null)[]> {
  const storeIds: (number | null)[] = [];
  let previousEnd = check.after.day;
  const held = await tx
    .select({ postId: assignments.postId, isMain: assignments.isMain })
    .from(assignments)
    .where(and(eq(assignments.employeeId, check.employee.id), isNull(assignments.endDate)));
  for (const [index, stage] of stages.entries()) {
    const [department] = await tx
      .select({ id: departments.id, path: departments.path })
      .from(departments)
      .where(and(eq(departments.id, stage.department_id), eq(departments.status, 'active')));
    if (!department) throw stageError(index, 'department_id', rotationMessages.departmentInactive);
    const [visible] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, department.id), inScope(check.scope, departments.id)));
    if (!visible) throw stageError(index, 'department_id', rotationMessages.outsideScope);
    const store = await storeOfDepartment(tx, department.path);
    if (store && store.status !== 'active')
      throw stageError(index, 'department_id', rotationMessages.departmentInactive);
    const [post] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, stage.post_id), eq(posts.status, 'active')));
    if (!post) throw stageError(index, 'post_id', rotationMessages.postInactive);
    if (index === 0 && stage.start_date < check.earliest.day)
      throw stageError(index, 'start_date', check.earliest.message);
    if (stage.start_date <= previousEnd)
      throw stageError(index, 'start_date', index === 0 ? check.after.message : rotationMessages.overlap);
    if (stage.end_date < stage.start_date)
      throw stageError(index, 'end_date', rotationMessages.endBeforeStart);
    previousEnd = stage.end_date;
    if (stage.mentor_id !== null) {
      const [mentor] = await tx
        .select({ id: employees.id })
        .from(employees)
        .where(
          and(
            eq(employees.id, stage.mentor_id),
            inArray(employees.status, ['probation', 'regular']),
            ne(employees.id, check.employee.id),
          ),
        );
      if (!mentor) throw stageError(index, 'mentor_id', rotationMessages.mentorInvalid);
    }
    const others = held.filter((row) => !(check.replacesMain && row.isMain)).map((row) => row.postId);
    const violations = await checkPlacement(tx, sealer, {
      idNumber: sealer.open(check.employee.idNumberSealed),
      employeeId: check.employee.id,
      storeId: store?.id ?? null,
      departmentId: department.id,
      postIds: [...others, post.id],
    });
    if (violations.length > 0)
      throw stageError(index, 'post_id', rotationMessages.exclusion(violations[0]!.message));
    storeIds.push(store?.id ?? null);
  }
  return storeIds;
}

const stageRowsOf = (
  planId: number,
  stages: RotationStageBody[],
  storeIds: (number | null)[],
  firstSeq: number,
) =>
  stages.map((stage, index) => ({
    planId,
    seq: firstSeq + index,
    departmentId: stage.department_id,
    storeId: storeIds[index] ?? null,
    postId: stage.post_id,
    startDate: stage.start_date,
    endDate: stage.end_date,
    mentorEmployeeId: stage.mentor_id,
  }));

const planTaken = () =>
  conflict(rotationMessages.inProgress, {
    errors: [{ field: 'employee_id', message: rotationMessages.inProgress }],
  });

/** `store`: the plan and its stages in one transaction; a stage whose first day has come begins at once. */
export async function fileRotation(
  db: Database,
  sealer: Sealer,
  today: Today,
  scope: Scope,
  actor: Actor,
  body: RotationStoreBody,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [employee] = await tx
      .select()
      .from(employees)
      .where(and(eq(employees.id, body.employee_id), inScope(scope, employees.mainDepartmentId)))
      .for('update');
    if (!employee) throw notFound('员工不存在');
    if (employee.status !== 'probation' && employee.status !== 'regular')
      throw conflict(rotationMessages.notOnStaff);
    const [open] = await tx
      .select({ id: rotationPlans.id })
      .from(rotationPlans)
      .where(and(eq(rotationPlans.employeeId, employee.id), eq(rotationPlans.status, 'active')));
    if (open) throw planTaken();
    if (body.replaces_main) {
      // A person away keeps their home post until they are back.
      const [away] = await tx
        .select({ id: dispatches.id })
        .from(dispatches)
        .where(
          and(
            eq(dispatches.employeeId, employee.id),
            inArray(dispatches.status, [...OPEN_DISPATCH_STATUSES]),
          ),
        );
      if (away) throw conflict(rotationMessages.dispatchInProgress);
    }
    const [home] = await tx
      .select({ startDate: assignments.startDate })
      .from(assignments)
      .where(openMainAssignmentOf(employee.id));
    if (!home) throw conflict(rotationMessages.noMainPost);
    const earliest = addDays(today(), -ROTATION_BACKDATE_DAYS_MAX);
    const storeIds = await checkStages(tx, sealer, body.stages, {
      scope,
      employee,
      replacesMain: body.replaces_main,
      after: { day: home.startDate, message: rotationMessages.startBeforeHome(home.startDate) },
      earliest: { day: earliest, message: rotationMessages.startTooEarly },
    });
    const [plan] = await onUniqueViolation(planTaken, () =>
      tx
        .insert(rotationPlans)
        .values({
          employeeId: employee.id,
          title: body.title,
          replacesMain: body.replaces_main,
          note: body.note,
          createdByUserId: actor.userId,
        })
        .returning(),
    );
    const stages = await tx
      .insert(rotationStages)
      .values(stageRowsOf(plan!.id, body.stages, storeIds, 1))
      .returning({ id: rotationStages.id });
    await writeAudit(tx, actor, {
      entity: 'rotation_plan',
      entityId: plan!.id,
      action: 'create',
      after: { ...plan!, stageIds: stages.map((stage) => stage.id) },
    });
    await settlePlan(tx, actor, plan!.id, today());
    return plan!.id;
  });
}

/** A plan of a person of the caller's scope, locked for a change; 409 once it has ended. */
async function activePlan(tx: Database, scope: Scope, id: number): Promise<Plan> {
  const [row] = await tx
    .select({ plan: rotationPlans })
    .from(rotationPlans)
    .innerJoin(employees, eq(employees.id, rotationPlans.employeeId))
    .where(and(eq(rotationPlans.id, id), ownedBy(scope)))
    .for('update', { of: rotationPlans });
  if (!row) throw notFound(rotationMessages.notFound);
  if (row.plan.status !== 'active') throw conflict(rotationMessages.notActive);
  return row.plan;
}

/**
 * `edit`: the title, the note, and the stages to come (replacing the upcoming ones). A stage begun or
 * finished never changes; new stages begin tomorrow at the earliest, after the last one begun.
 */
export async function editRotation(
  db: Database,
  sealer: Sealer,
  today: Today,
  scope: Scope,
  actor: Actor,
  body: RotationEditBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await activePlan(tx, scope, body.id);
    const before = await tx
      .select()
      .from(rotationStages)
      .where(eq(rotationStages.planId, plan.id))
      .orderBy(asc(rotationStages.seq));
    const begun = before.filter((stage) => stage.status === 'current' || stage.status === 'done');
    const [employee] = await tx.select().from(employees).where(eq(employees.id, plan.employeeId));
    const [home] = await tx
      .select({ startDate: assignments.startDate })
      .from(assignments)
      .where(openMainAssignmentOf(plan.employeeId));
    const tomorrow = addDays(today(), 1);
    const lastBegun = begun.at(-1)?.endDate ?? home?.startDate ?? today();
    const storeIds = await checkStages(tx, sealer, body.stages, {
      scope,
      employee: employee!,
      replacesMain: plan.replacesMain,
      after: { day: lastBegun, message: rotationMessages.overlap },
      earliest: { day: tomorrow, message: rotationMessages.newStageInPast },
    });
    if (begun.length === 0 && body.stages.length === 0)
      throw validationFailed([{ field: 'stages', message: rotationMessages.stagesRequired }]);
    await tx
      .delete(rotationStages)
      .where(and(eq(rotationStages.planId, plan.id), eq(rotationStages.status, 'upcoming')));
    const added = await tx
      .insert(rotationStages)
      .values(stageRowsOf(plan.id, body.stages, storeIds, (begun.at(-1)?.seq ?? 0) + 1))
      .returning({ id: rotationStages.id });
    await tx
      .update(rotationPlans)
      .set({ title: body.title, note: body.note })
      .where(eq(rotationPlans.id, plan.id));
    await writeAudit(tx, actor, {
      entity: 'rotation_plan',
      entityId: plan.id,
      action: 'update',
      before: {
        title: plan.title,
        note: plan.note,
        upcoming: before.filter((stage) => stage.status === 'upcoming'),
      },
      after: { title: body.title, note: body.note, stageIds: added.map((stage) => stage.id) },
    });
    // With no stage left to come, a plan whose last stage is over is complete.
    await settlePlan(tx, actor, plan.id, today());
  });
}

/**
 * `cancel`: the plan stops. A current stage ends today (its part-time post with it; a main post moved by
 * the plan stays where it is), stages to come are cancelled.
 */
export async function cancelRotation(
  db: Database,
  today: Today,
  scope: Scope,
  actor: Actor,
  id: number,
  reason: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await activePlan(tx, scope, id);
    const [current] = await tx
      .select()
      .from(rotationStages)
      .where(and(eq(rotationStages.planId, plan.id), eq(rotationStages.status, 'current')));
    // Ends today, or on its own last day when that has passed and the night's job has not run yet.
    if (current) await endStage(tx, actor, plan, current, [current.endDate, today()].sort()[0]!);
    await stopPlan(tx, actor, plan, reason);
  });
}

/** `evaluate`: the score and comment of a stage begun or finished, by someone who may read its plan. */
export async function evaluateStage(
  db: Database,
  scope: Scope,
  actor: Actor,
  body: { stage_id: number; score: number; comment: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ stage: rotationStages })
      .from(rotationStages)
      .innerJoin(rotationPlans, eq(rotationPlans.id, rotationStages.planId))
      .innerJoin(employees, eq(employees.id, rotationPlans.employeeId))
      .where(and(eq(rotationStages.id, body.stage_id), visibleIn(tx, scope)))
      .for('update', { of: rotationStages });
    if (!found) throw notFound(rotationMessages.stageNotFound);
    const { stage } = found;
    if (stage.status !== 'current' && stage.status !== 'done') throw conflict(rotationMessages.notEvaluable);
    await tx
      .update(rotationStages)
      .set({
        score: body.score,
        comment: body.comment,
        evaluatedByUserId: actor.userId,
        evaluatedAt: new Date(),
      })
      .where(eq(rotationStages.id, stage.id));
    await writeAudit(tx, actor, {
      entity: 'rotation_stage',
      entityId: stage.id,
      action: 'evaluate',
      before: { score: stage.score, comment: stage.comment },
      after: { score: body.score, comment: body.comment },
    });
    return stage.planId;
  });
}
