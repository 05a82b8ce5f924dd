import {
  ALREADY_DONE_CODES,
  GROUP_CHATS_PER_DAY,
  HANDOVER_MAX_ATTEMPTS,
  IN_PROGRESS_CODES,
  PLATFORM_BATCH,
  MOVING_HANDOVER_STATES,
  OTHER_VARIANT_CODES,
  RETRY_LATER_CODES,
  handoverMessages,
  platformErrorText,
} from '@dealer-hr/shared/handover/rules';
import { and, asc, count, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Clock, Today } from '../../core/clock';
import { createJobQueue, defineJob } from '../../core/jobs/queue';
import { backoffOf } from '../../core/jobs/runner';
import type { Database } from '../../db/client';
import { handoverItems } from '../../db/schema';
import { startOfDay } from '../../lib/day-range';
import { ADVANCE_HANDOVER } from './handover.queue';
import {
  PlatformError,
  type CustomerResult,
  type HandoverVariant,
  type WorkMessaging,
} from './work-messaging';

type Item = typeof handoverItems.$inferSelect;

export interface HandoverDeps {
  db: Database;
  platform: WorkMessaging;
  /** Business time: when takeovers are due (the tests' clock moves it). */
  clock: Clock;
  today: Today;
  timeZone: string;
  /**
   * What the customers of a resignation are told when they are handed over (the store's setting), or nothing:
   * the platform's own message then.
   */
  noticeOf?(resignationId: number): Promise<string | undefined>;
}

/** A busy platform's first wait; each later one is twice as long (the job runner's back-off). */
const RETRY_BASE_MS = 30_000;
/** A send with no answer recorded this long after it began was cut short (a restart): it is sent again. */
const STALE_SEND_MS = 60_000;
/** How soon to look again at a chat the platform is still inheriting, or a customer it did not report. */
const RECHECK_MS = 10 * 60_000;

const has = (codes: readonly number[], code: number) => codes.includes(code);

/** When to look again at something the platform still has under way: soon, at most RECHECK_MS. */
const recheckAt = (deps: HandoverDeps, now: Date) =>
  new Date(now.getTime() + Math.min(RECHECK_MS, Math.max(1_000, deps.platform.takeoverDelayMs)));

/** What the platform's answer to one item makes of it. */
type Outcome = Partial<
  Pick<Item, 'state' | 'variant' | 'takeoverAt' | 'nextAttemptAt' | 'errcode' | 'error' | 'doneAt'>
>;

function outcomeOf(
  deps: HandoverDeps,
  item: Item,
  errcode: number,
  errmsg: string | null,
  now: Date,
): Outcome {
  const recheck = recheckAt(deps, now);
  if (errcode === 0 || has(IN_PROGRESS_CODES, errcode)) {
    // Started (or already under way): a customer is taken over by the platform later; a chat moves at once.
    if (item.kind === 'group_chat')
      return errcode === 0 ? { state: 'done', doneAt: now } : { state: 'waiting', takeoverAt: recheck };
    return { state: 'waiting', takeoverAt: new Date(now.getTime() + deps.platform.takeoverDelayMs) };
  }
  if (has(ALREADY_DONE_CODES, errcode)) return { state: 'done', doneAt: now };
  const exhausted = item.attempts >= HANDOVER_MAX_ATTEMPTS;
  if (has(OTHER_VARIANT_CODES, errcode) && !exhausted) {
    const variant: HandoverVariant = item.variant === 'resigned' ? 'onjob' : 'resigned';
    return { state: 'queued', variant, nextAttemptAt: now };
  }
  const busy = has(RETRY_LATER_CODES, errcode) || errcode === 40014 || errcode === 42001;
  if (busy && !exhausted)
    return {
      state: 'queued',
      nextAttemptAt: new Date(now.getTime() + backoffOf(RETRY_BASE_MS, item.attempts)),
      errcode,
      error: platformErrorText(errcode, errmsg),
    };
  return {
    state: 'failed',
    errcode,
    error: busy
      ? `${handoverMessages.tooManyAttempts}（${platformErrorText(errcode, errmsg)}）`
      : platformErrorText(errcode, errmsg),
  };
}

/**
 * Writes each item's outcome, one statement per distinct outcome (a call's answers are mostly alike), and only
 * where the item is still in the state it was read in.
 */
async function record(db: Database, outcomes: readonly { item: Item; outcome: Outcome }[]) {
  const alike = new Map<string, { outcome: Outcome; state: Item['state']; ids: number[] }>();
  for (const { item, outcome } of outcomes) {
    const key = `${item.state}|${JSON.stringify(outcome)}`;
    const entry = alike.get(key) ?? { outcome, state: item.state, ids: [] };
    entry.ids.push(item.id);
    alike.set(key, entry);
  }
  for (const { outcome, state, ids } of alike.values())
    await db
      .update(handoverItems)
      .set({ errcode: null, error: null, ...outcome })
      .where(and(inArray(handoverItems.id, ids), eq(handoverItems.state, state)));
}

/** Items of one send: the same kind, variant and inheritor. */
function groupsOf(items: Item[]) {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = `${item.kind}|${item.variant}|${item.takeoverUserId}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}

/**
 * A day's chats from one owner to another are capped by the platform: what is over the cap waits for
 * tomorrow (it stays queued with the reason).
 */
async function withinDailyCap(deps: HandoverDeps, chats: Item[], day: string): Promise<Item[]> {
  const [first] = chats;
  if (!first) return chats;
  const [sent] = await deps.db
    .select({ total: count() })
    .from(handoverItems)
    .where(
      and(
        eq(handoverItems.kind, 'group_chat'),
        eq(handoverItems.handoverUserId, first.handoverUserId),
        eq(handoverItems.takeoverUserId, first.takeoverUserId!),
        eq(handoverItems.submittedOn, day),
        // Only what the platform took counts: a call refused as busy handed nothing over.
        inArray(handoverItems.state, ['done', 'waiting']),
      ),
    );
  const room = Math.max(0, GROUP_CHATS_PER_DAY - (sent?.total ?? 0));
  const later = chats.slice(room);
  if (later.length > 0)
    await deps.db
      .update(handoverItems)
      .set({
        state: 'queued',
        nextAttemptAt: startOfDay(day, deps.timeZone, 1),
        error: handoverMessages.dailyCap,
      })
      .where(
        inArray(
          handoverItems.id,
          later.map((chat) => chat.id),
        ),
      );
  return chats.slice(0, room);
}

/** Sends one group, one platform call of at most 100 at a time: a refused call leaves the others' answers. */
async function send(deps: HandoverDeps, items: Item[], now: Date, day: string) {
  for (let start = 0; start < items.length; start += PLATFORM_BATCH)
    await sendBatch(deps, items.slice(start, start + PLATFORM_BATCH), now, day);
}

/** Sends one call's items: marked `submitted` first (a restart then resends them), then each answer recorded. */
async function sendBatch(deps: HandoverDeps, items: Item[], now: Date, day: string) {
  const [first] = items;
  if (!first) return;
  const sending = await deps.db
    .update(handoverItems)
    .set({ state: 'submitted', attempts: sql`${handoverItems.attempts} + 1`, submittedOn: day })
    .where(
      inArray(
        handoverItems.id,
        items.map((item) => item.id),
      ),
    )
    .returning();
  const input = {
    variant: first.variant,
    handoverUserId: first.handoverUserId,
    takeoverUserId: first.takeoverUserId!,
  };
  let answers: Map<string, { errcode: number; errmsg: string | null }>;
  try {
    answers =
      first.kind === 'customer'
        ? new Map(
            (
              await deps.platform.transferCustomers({
                ...input,
                message: await deps.noticeOf?.(first.resignationId),
                externalUserIds: sending.map((item) => item.externalId),
              })
            ).map((answer) => [answer.externalUserId, { errcode: answer.errcode, errmsg: null }]),
          )
        : new Map(
            (
              await deps.platform.transferGroupChats({
                variant: first.variant,
                newOwner: input.takeoverUserId,
                chatIds: sending.map((item) => item.externalId),
              })
            ).map((failure) => [failure.chatId, { errcode: failure.errcode, errmsg: failure.errmsg }]),
          );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    await record(
      deps.db,
      sending.map((item) => ({ item, outcome: outcomeOf(deps, item, error.errcode, error.errmsg, now) })),
    );
    return;
  }
  // The platform's takeover time runs from its answer, not from when this run began: a result read at the
  // item's takeover time then finds the takeover due.
  const answeredAt = deps.clock.now();
  await record(
    deps.db,
    sending.map((item) => {
      // A chat not among the failures was handed over; a customer the answer leaves out is asked again.
      const answer = answers.get(item.externalId) ?? {
        errcode: item.kind === 'group_chat' ? 0 : -1,
        errmsg: null,
      };
      return { item, outcome: outcomeOf(deps, item, answer.errcode, answer.errmsg, answeredAt) };
    }),
  );
}

/** What a takeover's reported status makes of a waiting customer. */
function resultOutcome(result: CustomerResult | undefined, now: Date, recheck: Date): Outcome {
  switch (result?.status) {
    case 1:
      return { state: 'done', doneAt: now };
    case 3:
      return { state: 'refused' };
    case 4:
      return { state: 'limit' };
    case 5:
      return { state: 'failed', error: handoverMessages.noTakeoverRecord };
    default: {
      const reported = result?.takeoverTime ? new Date(result.takeoverTime * 1000) : recheck;
      return { state: 'waiting', takeoverAt: reported > now ? reported : recheck };
    }
  }
}

/** Reads the platform's result for waiting customers whose takeover time has passed, never before it. */
async function poll(deps: HandoverDeps, items: Item[], now: Date) {
  // A customer still waiting once its reported time has passed, or not reported, is looked at again soon.
  const recheck = recheckAt(deps, now);
  for (const group of groupsOf(items)) {
    const [first] = group;
    let results: Map<string, CustomerResult>;
    try {
      results = new Map(
        (
          await deps.platform.customerResults({
            variant: first!.variant,
            handoverUserId: first!.handoverUserId,
            takeoverUserId: first!.takeoverUserId!,
          })
        ).map((result) => [result.externalUserId, result]),
      );
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      results = new Map();
    }
    await record(
      deps.db,
      group.map((item) => ({ item, outcome: resultOutcome(results.get(item.externalId), now, recheck) })),
    );
  }
}

/**
 * The handover job of one resignation: sends what is queued and due (in groups of one kind, variant and
 * inheritor, at most 100 per call), reads the results of customers whose takeover time has passed, and
 * enqueues itself for the next moment anything is due. Every item's state comes from the platform's answer.
 */
export async function advanceHandover(deps: HandoverDeps, resignationId: number) {
  const now = deps.clock.now();
  const day = deps.today();
  const ofResignation = eq(handoverItems.resignationId, resignationId);
  const due = await deps.db
    .select()
    .from(handoverItems)
    .where(
      and(
        ofResignation,
        or(
          and(
            eq(handoverItems.state, 'queued'),
            or(isNull(handoverItems.nextAttemptAt), lte(handoverItems.nextAttemptAt, now)),
          ),
          and(
            eq(handoverItems.state, 'submitted'),
            lt(handoverItems.updatedAt, new Date(Date.now() - STALE_SEND_MS)),
          ),
          and(
            eq(handoverItems.state, 'waiting'),
            eq(handoverItems.kind, 'group_chat'),
            lte(handoverItems.takeoverAt, now),
          ),
        ),
      ),
    )
    .orderBy(asc(handoverItems.id));
  for (const group of groupsOf(due)) {
    const sendable = group[0]!.kind === 'group_chat' ? await withinDailyCap(deps, group, day) : group;
    await send(deps, sendable, now, day);
  }
  const waiting = await deps.db
    .select()
    .from(handoverItems)
    .where(
      and(
        ofResignation,
        eq(handoverItems.kind, 'customer'),
        eq(handoverItems.state, 'waiting'),
        lte(handoverItems.takeoverAt, now),
      ),
    );
  await poll(deps, waiting, now);
  await scheduleNext(deps, resignationId);
}

/** Enqueues the resignation's next run for the first moment something is due (in real time). */
async function scheduleNext(deps: HandoverDeps, resignationId: number) {
  const [next] = await deps.db
    .select({
      at: sql<Date | null>`min(case
        when ${handoverItems.state} = 'queued' then coalesce(${handoverItems.nextAttemptAt}, now())
        when ${handoverItems.state} = 'waiting' then ${handoverItems.takeoverAt}
        else ${handoverItems.updatedAt} + make_interval(secs => ${STALE_SEND_MS / 1000}) end)`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(handoverItems)
    .where(
      and(
        eq(handoverItems.resignationId, resignationId),
        inArray(handoverItems.state, [...MOVING_HANDOVER_STATES]),
      ),
    );
  if (!next?.at) return;
  const runAt = new Date(Date.now() + Math.max(0, next.at.getTime() - deps.clock.now().getTime()));
  await createJobQueue(deps.db).enqueue(
    ADVANCE_HANDOVER,
    { resignation_id: resignationId },
    // One run per resignation and second, however many runs ask for it.
    { runAt, uniqueKey: `${ADVANCE_HANDOVER}:${resignationId}:${Math.floor(runAt.getTime() / 1000)}` },
  );
}

export const advanceHandoverJob = (deps: HandoverDeps) =>
  defineJob<{ resignation_id: number }, { resignation_id: number }>({
    kind: ADVANCE_HANDOVER,
    backoffMs: RETRY_BASE_MS,
    async run({ payload }) {
      await advanceHandover(deps, payload.resignation_id);
      return { resignation_id: payload.resignation_id };
    },
  });

export const SWEEP_HANDOVERS = 'handover.sweep';

/**
 * At midnight (a day's chat cap ends) and whenever an instance starts: a run for every resignation with items
 * still moving, so that nothing waits on a run that a stopped instance never enqueued.
 */
export const sweepHandoversJob = (deps: HandoverDeps) =>
  defineJob<Record<string, never>, { resignations: number }>({
    kind: SWEEP_HANDOVERS,
    async run() {
      const moving = await deps.db
        .selectDistinct({ id: handoverItems.resignationId })
        .from(handoverItems)
        .where(inArray(handoverItems.state, [...MOVING_HANDOVER_STATES]));
      for (const { id } of moving) await advanceHandover(deps, id);
      return { resignations: moving.length };
    },
  });
