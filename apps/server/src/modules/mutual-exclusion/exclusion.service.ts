import { maskIdNumber } from '@dealer-hr/shared/id-number';
import { exclusionMessages } from '@dealer-hr/shared/mutual-exclusion/rules';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { assignments, employees, exclusionMembers, exclusionRules, posts } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { likeContains, offsetOf } from '../../lib/paging';
import { onUniqueViolation } from '../../lib/pg-errors';
import { normaliseIdentifier, sealedIdNumber, type Sealer } from '../../lib/sealed-values';
import type {
  ExclusionCheckBody,
  ExclusionRow,
  ExclusionStoreBody,
  ExclusionUpdateBody,
  ExclusionViolation,
} from '@dealer-hr/shared/mutual-exclusion/contract';
import type { ExclusionListQuery } from './exclusion.schemas';

type Rule = typeof exclusionRules.$inferSelect;
type Member = typeof exclusionMembers.$inferSelect;

const firstPosts = alias(posts, 'first_posts');
const secondPosts = alias(posts, 'second_posts');

/** The employee on staff (not resigned) whose ID number has this blind index. */
const onStaffWith = (idNumberIndex: string) =>
  and(eq(employees.idNumberIndex, idNumberIndex), ne(employees.status, 'resigned'));

async function rowsOf(
  db: Database,
  rules: { rule: Rule; firstPostName: string | null; secondPostName: string | null }[],
) {
  const ids = rules.map(({ rule }) => rule.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(exclusionMembers)
          .where(inArray(exclusionMembers.ruleId, ids))
          .orderBy(asc(exclusionMembers.id));
  return rules.map(({ rule, firstPostName, secondPostName }): ExclusionRow => ({
    id: rule.id,
    name: rule.name,
    kind: rule.kind,
    scope: rule.scope,
    first_post_id: rule.firstPostId,
    first_post_name: firstPostName,
    second_post_id: rule.secondPostId,
    second_post_name: secondPostName,
    members: members
      .filter((member) => member.ruleId === rule.id)
      .map((member) => ({
        name: member.name,
        id_number: member.idNumberMasked,
        employee_id: member.employeeId,
      })),
    description: rule.description,
    status: rule.status,
    created_at: rule.createdAt.toISOString(),
    updated_at: rule.updatedAt.toISOString(),
  }));
}

function rulesQuery(db: Database) {
  return db
    .select({ rule: exclusionRules, firstPostName: firstPosts.name, secondPostName: secondPosts.name })
    .from(exclusionRules)
    .leftJoin(firstPosts, eq(firstPosts.id, exclusionRules.firstPostId))
    .leftJoin(secondPosts, eq(secondPosts.id, exclusionRules.secondPostId));
}

/** `GET mutually/exclusive/index`: newest first. */
export async function listExclusions(db: Database, query: ExclusionListQuery) {
  const conditions: (SQL | undefined)[] = [
    query.kind ? eq(exclusionRules.kind, query.kind) : undefined,
    query.status ? eq(exclusionRules.status, query.status) : undefined,
  ];
  if (query.keyword) {
    const pattern = likeContains(query.keyword);
    conditions.push(
      or(
        ilike(exclusionRules.name, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(exclusionMembers)
            .where(
              and(eq(exclusionMembers.ruleId, exclusionRules.id), ilike(exclusionMembers.name, pattern)),
            ),
        ),
      ),
    );
  }
  const where = and(...conditions);
  const [rules, [total]] = await Promise.all([
    rulesQuery(db)
      .where(where)
      .orderBy(desc(exclusionRules.createdAt), desc(exclusionRules.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(exclusionRules).where(where),
  ]);
  return { data: await rowsOf(db, rules), total: total?.total ?? 0 };
}

async function ruleRow(db: Database, id: number): Promise<ExclusionRow> {
  const rules = await rulesQuery(db).where(eq(exclusionRules.id, id));
  if (rules.length === 0) throw notFound(exclusionMessages.notFound);
  return (await rowsOf(db, rules))[0]!;
}

const nameTaken = () =>
  conflict(exclusionMessages.nameTaken, {
    errors: [{ field: 'name', message: exclusionMessages.nameTaken }],
  });

async function assertPosts(tx: Database, body: ExclusionStoreBody): Promise<void> {
  if (body.kind !== 'posts') return;
  const ids = [body.first_post_id!, body.second_post_id!];
  const found = await tx.select({ id: posts.id }).from(posts).where(inArray(posts.id, ids));
  const errors = (['first_post_id', 'second_post_id'] as const)
    .filter((field) => !found.some((post) => post.id === body[field]))
    .map((field) => ({ field, message: exclusionMessages.postInvalid }));
  if (errors.length > 0) throw validationFailed(errors);
}

/** The rule's columns from a body: a people rule keeps no posts, a post rule no scope. */
const columnsOf = (body: ExclusionStoreBody) => ({
  name: body.name,
  kind: body.kind,
  scope: body.kind === 'people' ? body.scope! : null,
  firstPostId: body.kind === 'posts' ? body.first_post_id! : null,
  secondPostId: body.kind === 'posts' ? body.second_post_id! : null,
  description: body.description,
  status: body.status,
});

/** Members are sealed like the prohibited list; one already on staff is linked to their employee record. */
async function writeMembers(tx: Database, sealer: Sealer, ruleId: number, body: ExclusionStoreBody) {
  await tx.delete(exclusionMembers).where(eq(exclusionMembers.ruleId, ruleId));
  if (body.kind !== 'people') return;
  for (const member of body.members ?? []) {
    const sealed = sealedIdNumber(sealer, member.id_number);
    const [employee] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(onStaffWith(sealed.idNumberIndex))
      .limit(1);
    await tx.insert(exclusionMembers).values({
      ruleId,
      name: member.name,
      ...sealed,
      employeeId: employee?.id ?? null,
    });
  }
}

/** What the audit log keeps of a rule: masked members only. */
const auditedOf = (rule: Rule, body: ExclusionStoreBody) => ({
  ...columnsOf(body),
  id: rule.id,
  members: (body.members ?? []).map(
    (member) => `${member.name} ${maskIdNumber(normaliseIdentifier(member.id_number))}`,
  ),
});

export async function createExclusion(
  db: Database,
  sealer: Sealer,
  actor: AuditActor,
  body: ExclusionStoreBody,
) {
  const id = await db.transaction(async (tx) => {
    await assertPosts(tx, body);
    const [rule] = await onUniqueViolation(nameTaken, () =>
      tx
        .insert(exclusionRules)
        .values({ ...columnsOf(body), createdByUserId: actor.userId })
        .returning(),
    );
    await writeMembers(tx, sealer, rule!.id, body);
    await writeAudit(tx, actor, {
      entity: 'exclusion_rule',
      entityId: rule!.id,
      action: 'create',
      after: auditedOf(rule!, body),
    });
    return rule!.id;
  });
  return ruleRow(db, id);
}

export async function updateExclusion(
  db: Database,
  sealer: Sealer,
  actor: AuditActor,
  body: ExclusionUpdateBody,
) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(exclusionRules)
      .where(eq(exclusionRules.id, body.id))
      .for('update');
    if (!before) throw notFound(exclusionMessages.notFound);
    const beforeRow = await ruleRow(tx, body.id);
    await assertPosts(tx, body);
    const [rule] = await onUniqueViolation(nameTaken, () =>
      tx.update(exclusionRules).set(columnsOf(body)).where(eq(exclusionRules.id, body.id)).returning(),
    );
    await writeMembers(tx, sealer, body.id, body);
    await writeAudit(tx, actor, {
      entity: 'exclusion_rule',
      entityId: body.id,
      action: 'update',
      before: {
        ...beforeRow,
        members: beforeRow.members.map((member) => `${member.name} ${member.id_number}`),
      },
      after: auditedOf(rule!, body),
    });
  });
  return ruleRow(db, body.id);
}

export async function destroyExclusion(db: Database, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [rule] = await tx.delete(exclusionRules).where(eq(exclusionRules.id, id)).returning();
    if (!rule) throw notFound(exclusionMessages.notFound);
    await writeAudit(tx, actor, { entity: 'exclusion_rule', entityId: id, action: 'delete', before: rule });
  });
}

export interface Placement {
  idNumber: string;
  /** Set when the person is already on staff (a transfer): they never block themselves. */
  employeeId?: number | null;
  storeId?: number | null;
  departmentId: number;
  /** Every post the person will hold after the change (main and part-time). */
  postIds: number[];
}

/** The employee on staff a member stands for: both keep the blind index of the same key, so nothing is opened. */
async function employeeOf(db: Database, member: Member): Promise<number | null> {
  const [employee] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(onStaffWith(member.idNumberIndex))
    .limit(1);
  return employee?.id ?? null;
}

async function peopleViolations(
  db: Database,
  sealer: Sealer,
  placement: Placement,
): Promise<ExclusionViolation[]> {
  const index = sealer.blindIndex(placement.idNumber);
  const rules = await db
    .select({ rule: exclusionRules })
    .from(exclusionRules)
    .innerJoin(exclusionMembers, eq(exclusionMembers.ruleId, exclusionRules.id))
    .where(
      and(
        eq(exclusionRules.kind, 'people'),
        eq(exclusionRules.status, 'active'),
        eq(exclusionMembers.idNumberIndex, index),
      ),
    );
  const violations: ExclusionViolation[] = [];
  for (const { rule } of rules) {
    const others = await db
      .select()
      .from(exclusionMembers)
      .where(and(eq(exclusionMembers.ruleId, rule.id), ne(exclusionMembers.idNumberIndex, index)));
    for (const other of others) {
      const employeeId = await employeeOf(db, other);
      if (employeeId === null || employeeId === placement.employeeId) continue;
      const place =
        rule.scope === 'store'
          ? placement.storeId
            ? eq(assignments.storeId, placement.storeId)
            : undefined
          : eq(assignments.departmentId, placement.departmentId);
      if (!place) continue;
      const [meeting] = await db
        .select({ id: assignments.id })
        .from(assignments)
        .where(and(eq(assignments.employeeId, employeeId), isNull(assignments.endDate), place))
        .limit(1);
      if (meeting)
        violations.push({
          rule_id: rule.id,
          rule_name: rule.name,
          kind: 'people',
          message: exclusionMessages.peopleBlocked(other.name, rule.name, rule.scope ?? 'store'),
        });
    }
  }
  return violations;
}

async function postViolations(db: Database, placement: Placement): Promise<ExclusionViolation[]> {
  const held = [...new Set(placement.postIds)];
  if (held.length < 2) return [];
  const rules = await rulesQuery(db).where(
    and(
      eq(exclusionRules.kind, 'posts'),
      eq(exclusionRules.status, 'active'),
      inArray(exclusionRules.firstPostId, held),
      inArray(exclusionRules.secondPostId, held),
    ),
  );
  return rules.map(({ rule, firstPostName, secondPostName }) => ({
    rule_id: rule.id,
    rule_name: rule.name,
    kind: 'posts' as const,
    message: exclusionMessages.postsBlocked(firstPostName ?? '', secondPostName ?? '', rule.name),
  }));
}

/**
 * The one check onboarding and transfers call: every active rule that keeps this person from this
 * placement, each with a sentence that says who or which posts and which rule.
 */
export async function checkPlacement(
  db: Database,
  sealer: Sealer,
  placement: Placement,
): Promise<ExclusionViolation[]> {
  return [...(await peopleViolations(db, sealer, placement)), ...(await postViolations(db, placement))];
}

export const placementOf = (body: ExclusionCheckBody): Placement => ({
  idNumber: body.id_number,
  employeeId: body.employee_id ?? null,
  storeId: body.store_id ?? null,
  departmentId: body.department_id,
  postIds: body.post_ids,
});
