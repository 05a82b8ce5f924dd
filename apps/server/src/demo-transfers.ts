import { DictType } from '@dealer-hr/shared/dictionary-types';
import {
  transferCancelBody,
  transferDecisionBody,
  transferRejectBody,
  transferStoreBody,
  type TransferDetail,
} from '@dealer-hr/shared/transfers/contract';
import type { TransferStatus } from '@dealer-hr/shared/transfers/rules';
import { and, asc, count, eq, isNull, lt, notInArray } from 'drizzle-orm';
import { addDays, type AdjustableClock, todayOf } from './core/clock';
import type { Database } from './db/client';
import { assignments, approvalTasks, employees, jobTransfers, posts, stores, users } from './db/schema';
import { dictionaryLookup } from './db/seed/base';
import { DEMO_TODAY } from './db/seed/demo';
import { stores as storeSeeds } from './db/seed/data/organisation';
import { accountOf, departmentFor, personaOf } from './demo-personas';
import { startOfDay } from './lib/day-range';
import type { Sealer } from './lib/sealed-values';
import type { ApprovalEngine } from './modules/approvals';
import {
  applyDueTransfers,
  cancelTransfer,
  decideTransfer,
  fileTransfer,
  transferDetail,
} from './modules/transfers';

// A year of the demo group's transfers, performed as the onboarding story is (demo-activity.ts): HR files
// each one on its day through the transfer service, the approvers the `posttransfer` flow names decide, and
// the daily job applies what has come due, with a story clock standing at each day in turn. What touches the
// demo manager's store waits for the manager; what the flow finds nobody for is approved at once.

type Kind = 'adjust' | 'promotion' | 'demotion' | 'cross_store' | 'secondment_to_regular';

interface Move {
  kind: Kind;
  from: string;
  to: string;
  /** Another store of the same region (a cross-store move). */
  otherStore?: boolean;
}

const moves: Move[] = [
  { kind: 'promotion', from: 'sales_consultant', to: 'sales_manager' },
  { kind: 'cross_store', from: 'mechanic', to: 'mechanic', otherStore: true },
  { kind: 'adjust', from: 'showroom_receptionist', to: 'customer_service_specialist' },
  { kind: 'cross_store', from: 'sales_consultant', to: 'sales_consultant', otherStore: true },
  { kind: 'adjust', from: 'mechanic', to: 'body_technician' },
  { kind: 'promotion', from: 'service_advisor', to: 'aftersales_manager' },
  { kind: 'secondment_to_regular', from: 'service_advisor', to: 'service_advisor', otherStore: true },
  { kind: 'demotion', from: 'sales_manager', to: 'sales_consultant' },
];

const reasons: Record<Kind, string> = {
  adjust: '根据门店业务需要调整岗位',
  promotion: '业绩突出，经考核晋升',
  demotion: '年度考核未达标，调整岗位',
  cross_store: '新店运营需要，跨店调动支援',
  secondment_to_regular: '借调期满，考核合格转为正式调动',
};

/** What becomes of each story transfer beyond being filed on its day. */
type Outcome = Extract<TransferStatus, 'effective' | 'pending' | 'approving' | 'returned' | 'cancelled'>;

interface Story {
  filedOn: string;
  effectiveOn: string;
  move: Move;
  /** The manager's store is the one it leaves (its approval then goes to the manager). */
  managed: boolean;
  /** A move from another store into the manager's (its approval goes to the manager, as the receiving store). */
  into?: boolean;
  outcome: Outcome;
}

/** Two transfers a month for a year before DEMO_TODAY, then the ones still open on that day. */
function storyOf(): Story[] {
  const story: Story[] = [];
  for (let month = 0; month < 12; month += 1) {
    for (const half of [0, 1]) {
      const index = month * 2 + half;
      const filedOn = addDays('2025-11-03', month * 30 + half * 14);
      story.push({
        filedOn,
        effectiveOn: addDays(filedOn, 7 + (index % 3) * 4),
        move: moves[index % moves.length]!,
        // The manager's store is small: only its many-held posts move, now and then.
        managed:
          index % 3 === 0 && ['sales_consultant', 'mechanic'].includes(moves[index % moves.length]!.from),
        outcome: 'effective',
      });
    }
  }
  const last = (days: number, move: number, into: boolean, outcome: Outcome): Story => ({
    filedOn: addDays(DEMO_TODAY, -days),
    effectiveOn: outcome === 'pending' ? addDays(DEMO_TODAY, 30 + days) : addDays(DEMO_TODAY, 14),
    move: moves[move]!,
    managed: false,
    into,
    outcome,
  });
  story.push(
    last(6, 0, false, 'pending'),
    last(5, 1, true, 'pending'),
    last(4, 4, false, 'pending'),
    last(3, 3, true, 'approving'),
    last(2, 1, true, 'approving'),
    last(3, 6, true, 'returned'),
    last(2, 2, false, 'cancelled'),
  );
  return story;
}

interface Context {
  sealer: Sealer;
  approvals: ApprovalEngine;
  clock: AdjustableClock;
  timeZone: string;
}

/** The demo's transfers; answers how many ended in each status. */
export async function demoTransfers(tx: Database, { sealer, approvals, clock, timeZone }: Context) {
  const today = todayOf(clock, timeZone);
  const dict = await dictionaryLookup(tx);
  const hr = await personaOf(tx, (await accountOf(tx, 'hr')).id);
  const managed = (await accountOf(tx, 'manager')).storeId!;
  const storeRows = await tx.select({ id: stores.id, code: stores.code }).from(stores);
  const postRows = await tx.select({ id: posts.id, code: posts.code }).from(posts);
  const postId = (code: string) => postRows.find((row) => row.code === code)!.id;
  const storeCode = (id: number) => storeRows.find((row) => row.id === id)!.code;
  // The demo accounts' own people keep their posts: their menus and scopes are what the guide describes.
  const personas = (await tx.select({ id: users.employeeId }).from(users)).flatMap((row) =>
    row.id === null ? [] : [row.id],
  );
  const moved = new Set<number>();

  for (const story of storyOf()) {
    clock.set(startOfDay(story.filedOn, timeZone));
    await applyDueTransfers(tx, today());
    const inManaged = eq(assignments.storeId, managed);
    const [person] = await tx
      .select({ id: employees.id, assignmentId: assignments.id, storeId: assignments.storeId })
      .from(employees)
      .innerJoin(
        assignments,
        and(
          eq(assignments.employeeId, employees.id),
          eq(assignments.isMain, true),
          isNull(assignments.endDate),
        ),
      )
      .where(
        and(
          eq(employees.status, 'regular'),
          eq(assignments.postId, postId(story.move.from)),
          lt(assignments.startDate, addDays(story.filedOn, -30)),
          story.managed ? inManaged : notInArray(assignments.storeId, [managed]),
          personas.length > 0 ? notInArray(employees.id, personas) : undefined,
          moved.size > 0 ? notInArray(employees.id, [...moved]) : undefined,
        ),
      )
      .orderBy(asc(employees.id))
      .limit(1);
    if (!person)
      throw new Error(`the demo has nobody left to move from ${story.move.from} on ${story.filedOn}`);
    moved.add(person.id);
    const fromCode = storeCode(person.storeId!);
    const seed = storeSeeds.find((candidate) => candidate.code === fromCode)!;
    const toCode = story.into
      ? storeCode(managed)
      : story.move.otherStore
        ? storeSeeds.find(
            (candidate) =>
              candidate.regionCode === seed.regionCode &&
              candidate.code !== fromCode &&
              storeRows.some((row) => row.code === candidate.code && row.id !== managed),
          )!.code
        : fromCode;

    const body = transferStoreBody.parse({
      employee_id: person.id,
      from_assignment_id: person.assignmentId,
      to_department_id: await departmentFor(tx, toCode, story.move.to, 1),
      to_post_id: postId(story.move.to),
      type_id: dict(DictType.TRANSFER_TYPE, story.move.kind),
      effective_date: story.effectiveOn,
      reason: reasons[story.move.kind],
    });
    hr.assertMay('staff:transfer:create');
    const id = await fileTransfer(tx, sealer, approvals, today, hr.scope, hr.actor, body);
    let transfer = await transferDetail(tx, hr.scope, hr.actor.userId, id);

    if (story.outcome === 'cancelled') {
      hr.assertMay('staff:transfer:cancel');
      const { reason } = transferCancelBody.parse({ id, reason: '人员安排有变，暂缓调动' });
      await cancelTransfer(tx, approvals, hr.scope, hr.actor, id, reason);
    } else if (story.outcome !== 'approving') {
      // The approvers decide a day later.
      clock.set(startOfDay(addDays(story.filedOn, 1), timeZone));
      while (transfer.status === 'approving') {
        const approver = await personaOf(tx, await waitingFor(tx, transfer));
        const decision = story.outcome === 'returned' ? 'reject' : 'approve';
        approver.assertMay(`processapproval:posttransfer:${decision}`);
        const { comment } = (decision === 'reject' ? transferRejectBody : transferDecisionBody).parse({
          id,
          comment: decision === 'reject' ? '该岗位本月已满编，请下月再调整' : '同意',
        });
        await decideTransfer(tx, approvals, approver.scope, approver.actor, id, decision, comment);
        transfer = await transferDetail(tx, hr.scope, hr.actor.userId, id);
      }
    }
    transfer = await transferDetail(tx, hr.scope, hr.actor.userId, id);
    const expected = story.outcome === 'effective' && story.effectiveOn > today() ? 'pending' : story.outcome;
    if (transfer.status !== expected)
      throw new Error(`demo transfer ${id} ended ${transfer.status}, not ${expected}`);
  }
  clock.set(startOfDay(DEMO_TODAY, timeZone));
  await applyDueTransfers(tx, today());
  const counts = await tx
    .select({ status: jobTransfers.status, total: count() })
    .from(jobTransfers)
    .groupBy(jobTransfers.status);
  return Object.fromEntries(counts.map(({ status, total }) => [`transfer_${status}`, total]));
}

/** Whoever the transfer's approval waits for now (the first of them). */
async function waitingFor(tx: Database, transfer: TransferDetail): Promise<number> {
  const [task] = await tx
    .select({ userId: approvalTasks.approverUserId })
    .from(approvalTasks)
    .where(
      and(eq(approvalTasks.instanceId, transfer.approval!.instance_id), eq(approvalTasks.status, 'pending')),
    )
    .orderBy(asc(approvalTasks.approverUserId))
    .limit(1);
  if (!task) throw new Error(`the approval of demo transfer ${transfer.id} waits for nobody`);
  return task.userId;
}
