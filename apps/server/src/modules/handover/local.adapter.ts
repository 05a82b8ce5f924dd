import { PLATFORM_BATCH } from '@dealer-hr/shared/handover/rules';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/client';
import { localCustomers, localGroupChats } from '../../db/schema';
import type { CustomerResult, CustomerSubmission, GroupChatFailure, WorkMessaging } from './work-messaging';

/** The platform's codes the local one answers as WeCom would. */
const NOT_FOLLOWER = 40131;
const SAME_MEMBER = 40130;
const TAKEOVER_UNDER_WAY = 40129;
const NO_RELATION = 84061;
const OWNER_UNCHANGED = 90504;

const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / PLATFORM_BATCH) }, (_, index) =>
    items.slice(index * PLATFORM_BATCH, (index + 1) * PLATFORM_BATCH),
  );

/**
 * The work-messaging platform kept in the product's own tables (WORK_MESSAGING=local, the default): for an
 * installation without WeCom, and the demo. It behaves as WeCom does where the handover can tell: a customer
 * handed over is taken over `delayMs` later, unless they decline (a customer with refusals left declines that
 * many transfers), and a chat changes owner at once. It has no notion of a member having left, so the variant
 * makes no difference here.
 */
export class LocalWorkMessaging implements WorkMessaging {
  readonly kind = 'local' as const;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    readonly takeoverDelayMs: number,
  ) {}

  async customersOf(userId: string) {
    const rows = await this.db
      .select({ externalUserId: localCustomers.externalUserId, name: localCustomers.name })
      .from(localCustomers)
      .where(eq(localCustomers.ownerUserId, userId))
      .orderBy(asc(localCustomers.id));
    return rows.map((row) => ({ ...row, variant: 'onjob' as const }));
  }

  async groupChatsOf(userId: string) {
    const rows = await this.db
      .select({
        chatId: localGroupChats.chatId,
        name: localGroupChats.name,
        memberCount: localGroupChats.memberCount,
      })
      .from(localGroupChats)
      .where(eq(localGroupChats.ownerUserId, userId))
      .orderBy(asc(localGroupChats.id));
    return rows.map((row) => ({ ...row, variant: 'onjob' as const }));
  }

  async transferCustomers(input: {
    handoverUserId: string;
    takeoverUserId: string;
    externalUserIds: readonly string[];
  }): Promise<CustomerSubmission[]> {
    const answers: CustomerSubmission[] = [];
    for (const ids of chunks(input.externalUserIds)) {
      await this.#settleDue();
      const now = this.clock.now();
      const rows = await this.db
        .select()
        .from(localCustomers)
        .where(inArray(localCustomers.externalUserId, [...ids]));
      const byId = new Map(rows.map((row) => [row.externalUserId, row]));
      const started: string[] = [];
      for (const externalUserId of ids) {
        const customer = byId.get(externalUserId);
        const errcode = !customer
          ? NO_RELATION
          : customer.ownerUserId !== input.handoverUserId
            ? NOT_FOLLOWER
            : input.takeoverUserId === input.handoverUserId
              ? SAME_MEMBER
              : customer.status === 2
                ? TAKEOVER_UNDER_WAY
                : 0;
        if (errcode === 0) started.push(externalUserId);
        answers.push({ externalUserId, errcode });
      }
      if (started.length > 0)
        await this.db
          .update(localCustomers)
          .set({
            handoverUserId: input.handoverUserId,
            takeoverUserId: input.takeoverUserId,
            takeoverAt: new Date(now.getTime() + this.takeoverDelayMs),
            status: 2,
          })
          .where(inArray(localCustomers.externalUserId, started));
    }
    return answers;
  }

  async customerResults(input: {
    handoverUserId: string;
    takeoverUserId: string;
  }): Promise<CustomerResult[]> {
    await this.#settleDue();
    const rows = await this.db
      .select()
      .from(localCustomers)
      .where(
        and(
          eq(localCustomers.handoverUserId, input.handoverUserId),
          eq(localCustomers.takeoverUserId, input.takeoverUserId),
        ),
      );
    return rows.map((row) => ({
      externalUserId: row.externalUserId,
      status: (row.status ?? 2) as CustomerResult['status'],
      // Whole seconds, as WeCom reports them, never before the takeover itself.
      takeoverTime: row.takeoverAt ? Math.ceil(row.takeoverAt.getTime() / 1000) : null,
    }));
  }

  async transferGroupChats(input: {
    chatIds: readonly string[];
    newOwner: string;
  }): Promise<GroupChatFailure[]> {
    const failures: GroupChatFailure[] = [];
    for (const ids of chunks(input.chatIds)) {
      const rows = await this.db
        .select({ chatId: localGroupChats.chatId, owner: localGroupChats.ownerUserId })
        .from(localGroupChats)
        .where(inArray(localGroupChats.chatId, [...ids]));
      const owners = new Map(rows.map((row) => [row.chatId, row.owner]));
      const moving: string[] = [];
      for (const chatId of ids) {
        const owner = owners.get(chatId);
        if (owner === undefined)
          failures.push({ chatId, errcode: 90501, errmsg: 'not a customer group chat' });
        else if (owner === input.newOwner)
          failures.push({ chatId, errcode: OWNER_UNCHANGED, errmsg: 'owner unchanged' });
        else moving.push(chatId);
      }
      if (moving.length > 0)
        await this.db
          .update(localGroupChats)
          .set({ ownerUserId: input.newOwner })
          .where(inArray(localGroupChats.chatId, moving));
    }
    return failures;
  }

  /**
   * Takeovers whose time has come end: declined by a customer with refusals left (one fewer now), else the
   * customer follows the new member.
   */
  async #settleDue() {
    const due = and(eq(localCustomers.status, 2), lte(localCustomers.takeoverAt, this.clock.now()));
    await this.db
      .update(localCustomers)
      .set({
        status: sql`case when ${localCustomers.refusalsLeft} > 0 then 3 else 1 end`,
        ownerUserId: sql`case when ${localCustomers.refusalsLeft} > 0 then ${localCustomers.ownerUserId} else ${localCustomers.takeoverUserId} end`,
        refusalsLeft: sql`greatest(${localCustomers.refusalsLeft} - 1, 0)`,
      })
      .where(due);
  }
}
