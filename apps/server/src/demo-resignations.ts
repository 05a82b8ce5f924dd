import { DictType } from '@dealer-hr/shared/dictionary-types';
import { resignationGoBody, resignationStoreBody } from '@dealer-hr/shared/resignation/contract';
import type { ResignationType } from '@dealer-hr/shared/resignation/rules';
import { and, asc, count, eq, inArray, isNull, lt, ne, notExists, notInArray, or, sql } from 'drizzle-orm';
import { addDays, type AdjustableClock, todayOf } from './core/clock';
import type { Database } from './db/client';
import {
  assignments,
  dispatches,
  employees,
  handoverItems,
  jobTransfers,
  posts,
  resignations,
  rotationPlans,
  users,
} from './db/schema';
import { dictionaryLookup } from './db/seed/base';
import { DEMO_TODAY } from './db/seed/demo';
import { accountOf, approveAsApprovers, personaOf, type Persona } from './demo-personas';
import { openMainAssignmentOf } from './core/scope';
import { advanceHandover, ensureListed, LocalWorkMessaging, queueHandover } from './modules/handover';
import { startOfDay } from './lib/day-range';
import type { Sealer } from './lib/sealed-values';
import type { ApprovalEngine } from './modules/approvals';
import { fileResignation, goResignation } from './modules/resignation';

// A year of the demo group's departures, performed as its transfers are (demo-transfers.ts): HR files each on
// its day, the approvers the `resignation` flow names decide, and HR completes it after the last working day.
// On DEMO_TODAY one waits for the demo manager's approval and one, approved, for HR to complete it.

interface Story {
  /** Days before DEMO_TODAY it is filed; the last working day is three weeks later. */
  filed: number;
  post: string;
  type: ResignationType;
  reason: string;
  destination: string;
  explanation: string;
  outcome: 'completed' | 'approving' | 'approved';
  /** In the demo manager's store (its approval then waits for the manager). */
  managed?: boolean;
  prohibited?: string;
  /** An approved one whose handover HR has begun: some customers taken over, one declined, some waiting. */
  handoverUnderWay?: boolean;
}

const stories: Story[] = [
  {
    filed: 330,
    post: 'sales_consultant',
    type: 'voluntary',
    reason: 'compensation',
    destination: 'competitor',
    explanation: '对薪资不满意，已拿到同行录用通知',
    outcome: 'completed',
  },
  {
    filed: 290,
    post: 'mechanic',
    type: 'voluntary',
    reason: 'relocation',
    destination: 'other_industry',
    explanation: '随家人迁居外地',
    outcome: 'completed',
  },
  {
    filed: 250,
    post: 'showroom_receptionist',
    type: 'probation_failed',
    reason: 'other',
    destination: 'unemployed',
    explanation: '试用期考核未通过',
    outcome: 'completed',
  },
  {
    filed: 210,
    post: 'sales_consultant',
    type: 'voluntary',
    reason: 'career_development',
    destination: 'competitor',
    explanation: '个人职业发展，转投新能源品牌',
    outcome: 'completed',
  },
  {
    filed: 170,
    post: 'service_advisor',
    type: 'contract_end',
    reason: 'contract_expired',
    destination: 'further_study',
    explanation: '合同到期，本人不再续签，继续深造',
    outcome: 'completed',
  },
  {
    filed: 130,
    post: 'sales_consultant',
    type: 'dismissal',
    reason: 'dismissed',
    destination: 'unemployed',
    explanation: '严重违反公司制度，私下截留客户订单',
    outcome: 'completed',
    prohibited: '私下截留客户订单，不再录用',
  },
  {
    filed: 90,
    post: 'paint_technician',
    type: 'voluntary',
    reason: 'health',
    destination: 'unemployed',
    explanation: '身体原因需长期休养',
    outcome: 'completed',
  },
  {
    filed: 50,
    post: 'finance_specialist',
    type: 'mutual_agreement',
    reason: 'work_environment',
    destination: 'own_business',
    explanation: '协商一致解除劳动合同，本人自主创业',
    outcome: 'completed',
  },
  {
    filed: 4,
    post: 'mechanic',
    type: 'voluntary',
    reason: 'family',
    destination: 'other_industry',
    explanation: '家庭原因需回老家',
    outcome: 'approving',
    managed: true,
  },
  {
    filed: 10,
    post: 'sales_consultant',
    type: 'voluntary',
    reason: 'career_development',
    destination: 'competitor',
    explanation: '个人职业发展，加入其他品牌经销商',
    outcome: 'approved',
    handoverUnderWay: true,
  },
  {
    filed: 6,
    post: 'mechanic',
    type: 'voluntary',
    reason: 'compensation',
    destination: 'competitor',
    explanation: '同行薪资更高',
    outcome: 'approved',
  },
];

/** The demo's platform takes customers over a day after they are handed over, as WeCom does. */
const TAKEOVER_DELAY_MS = 86_400_000;

/**
 * The handover of one demo resignation, performed through the handover's own steps on the story's clock: HR
 * hands the leaver's customers and chats to the store's sales manager, and the handover job runs.
 */
function handoverOf(
  tx: Database,
  clock: AdjustableClock,
  timeZone: string,
  hr: Persona,
  resignationId: number,
) {
  const platform = new LocalWorkMessaging(tx, clock, TAKEOVER_DELAY_MS);
  const deps = { db: tx, platform, clock, today: todayOf(clock, timeZone), timeZone };
  const advance = () => advanceHandover(deps, resignationId);
  return {
    advance,
    /** The first `customers` customers not handed over yet, and every chat, go to the sales manager. */
    async handOver(customers: number) {
      const [leaver] = await tx
        .select({ workUserId: employees.workUserId, storeId: resignations.storeId })
        .from(resignations)
        .innerJoin(employees, eq(employees.id, resignations.employeeId))
        .where(eq(resignations.id, resignationId));
      if (!leaver?.workUserId) return;
      await ensureListed(tx, platform, { resignationId, workUserId: leaver.workUserId });
      const [inheritor] = await tx
        .select({ id: employees.id, workUserId: employees.workUserId })
        .from(employees)
        .innerJoin(assignments, openMainAssignmentOf(employees.id))
        .innerJoin(posts, eq(posts.id, assignments.postId))
        .where(
          and(
            eq(assignments.storeId, leaver.storeId!),
            inArray(posts.code, ['sales_manager', 'sales_consultant']),
            inArray(employees.status, ['probation', 'regular']),
            ne(employees.workUserId, leaver.workUserId),
          ),
        )
        // The sales manager, or where the store has none, a fellow consultant.
        .orderBy(sql`${posts.code} = 'sales_manager' desc`, asc(employees.id))
        .limit(1);
      if (!inheritor?.workUserId)
        throw new Error(`the demo store ${leaver.storeId} has nobody in sales left`);
      hr.assertMay('staff:resignation-handover:transfer');
      for (const kind of ['customer', 'group_chat'] as const) {
        const pending = await tx
          .select({ id: handoverItems.id })
          .from(handoverItems)
          .where(
            and(
              eq(handoverItems.resignationId, resignationId),
              eq(handoverItems.kind, kind),
              eq(handoverItems.state, 'pending'),
            ),
          )
          .orderBy(asc(handoverItems.id))
          .limit(kind === 'customer' && Number.isFinite(customers) ? customers : 100_000);
        if (pending.length === 0) continue;
        await queueHandover(
          tx,
          hr.actor,
          {
            resignationId,
            kind,
            ids: pending.map((item) => item.id),
            inheritor: { employeeId: inheritor.id, workUserId: inheritor.workUserId },
          },
          { transfer: true, retry: false },
        );
      }
      // What the job the route enqueues would do, on the story's day.
      await advance();
    },
  };
}

interface Context {
  sealer: Sealer;
  approvals: ApprovalEngine;
  clock: AdjustableClock;
  timeZone: string;
}

/** The demo's resignations; answers how many ended in each status. */
export async function demoResignations(tx: Database, { sealer, approvals, clock, timeZone }: Context) {
  const today = todayOf(clock, timeZone);
  const at = (day: string) => clock.set(startOfDay(day, timeZone));
  const dict = await dictionaryLookup(tx);
  const hr = await personaOf(tx, (await accountOf(tx, 'hr')).id);
  const manager = await accountOf(tx, 'manager');
  const taken: number[] = [0];

  for (const story of stories) {
    const filedOn = addDays(DEMO_TODAY, -story.filed);
    at(filedOn);
    const [person] = await tx
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(
        assignments,
        and(
          eq(assignments.employeeId, employees.id),
          eq(assignments.isMain, true),
          isNull(assignments.endDate),
        ),
      )
      .innerJoin(posts, eq(posts.id, assignments.postId))
      .where(
        and(
          or(eq(employees.status, 'regular'), eq(employees.status, 'probation')),
          eq(posts.code, story.post),
          story.managed
            ? eq(assignments.storeId, manager.storeId!)
            : ne(assignments.storeId, manager.storeId!),
          notInArray(employees.id, taken),
          // On staff well before the story's day, in the post they leave from.
          lt(employees.entryDate, addDays(filedOn, -90)),
          lt(assignments.startDate, filedOn),
          // Nobody with an account, and nobody another story moves: each story reads simply.
          notExists(tx.select({ id: users.id }).from(users).where(eq(users.employeeId, employees.id))),
          notExists(
            tx
              .select({ id: jobTransfers.id })
              .from(jobTransfers)
              .where(eq(jobTransfers.employeeId, employees.id)),
          ),
          notExists(
            tx.select({ id: dispatches.id }).from(dispatches).where(eq(dispatches.employeeId, employees.id)),
          ),
          notExists(
            tx
              .select({ id: rotationPlans.id })
              .from(rotationPlans)
              .where(eq(rotationPlans.employeeId, employees.id)),
          ),
        ),
      )
      .orderBy(asc(employees.id))
      .limit(1);
    if (!person) throw new Error(`the demo has nobody left who is a ${story.post} on ${filedOn}`);
    taken.push(person.id);
    hr.assertMay('staff:resignation:create');
    const id = await fileResignation(
      tx,
      approvals,
      today,
      hr.scope,
      hr.actor,
      resignationStoreBody.parse({
        employee_id: person.id,
        type: story.type,
        reason_id: dict(DictType.LEAVING_REASON, story.reason),
        destination_id: dict(DictType.LEAVING_DESTINATION, story.destination),
        applied_on: filedOn,
        last_day: addDays(filedOn, 21),
        explanation: story.explanation,
      }),
    );
    at(addDays(filedOn, 1));
    const [{ instanceId }] = (await tx
      .select({ instanceId: resignations.instanceId })
      .from(resignations)
      .where(eq(resignations.id, id))) as [{ instanceId: number }];
    // The one in the manager's store waits for the manager.
    await approveAsApprovers(
      tx,
      approvals,
      instanceId,
      story.outcome === 'approving' ? manager.id : undefined,
    );
    if (story.outcome === 'completed' || story.handoverUnderWay) {
      // Customers follow the leaver's store's sales manager; for the one under way, a first page and the chats
      // one day, a few more two days later, when the first have been taken over.
      const handover = handoverOf(tx, clock, timeZone, hr, id);
      at(addDays(filedOn, 2));
      await handover.handOver(story.handoverUnderWay ? 10 : Infinity);
      at(addDays(filedOn, 4));
      await handover.advance();
      if (story.handoverUnderWay) await handover.handOver(5);
    }
    if (story.outcome === 'completed') {
      at(addDays(filedOn, 22));
      await handoverOf(tx, clock, timeZone, hr, id).advance();
      hr.assertMay('staff:resignation:go');
      if (story.prohibited) hr.assertMay('staff:resignation:prohibit');
      await goResignation(
        tx,
        sealer,
        new LocalWorkMessaging(tx, clock, TAKEOVER_DELAY_MS),
        approvals,
        today,
        hr.scope,
        hr.actor,
        resignationGoBody.parse({
          id,
          add_prohibited: Boolean(story.prohibited),
          prohibited_reason: story.prohibited,
        }),
        Boolean(story.prohibited),
      );
    }
    const [done] = await tx
      .select({ status: resignations.status })
      .from(resignations)
      .where(eq(resignations.id, id));
    if (done!.status !== story.outcome)
      throw new Error(`demo resignation ${id} ended ${done!.status}, not ${story.outcome}`);
  }
  at(DEMO_TODAY);
  const counts = await tx
    .select({ status: resignations.status, total: count() })
    .from(resignations)
    .groupBy(resignations.status);
  return Object.fromEntries(counts.map(({ status, total }) => [`resignation_${status}`, total]));
}
