import {
  MOVING_HANDOVER_STATES,
  RETRYABLE_HANDOVER_STATES,
  handoverMessages,
  type HandoverKind,
} from '@dealer-hr/shared/handover/rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { handoverItems } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, validationFailed } from '../../lib/errors';

export const ADVANCE_HANDOVER = 'handover.advance';

/** What a hand-over asks: these items of the resignation, to this colleague. */
export interface HandoverOrder {
  resignationId: number;
  kind: HandoverKind;
  ids: readonly number[];
  inheritor: { employeeId: number; workUserId: string };
}

/** Which of the caller's hand-over permissions they hold: first hand-overs, and hand-overs again. */
export interface HandoverRights {
  transfer: boolean;
  retry: boolean;
}

/**
 * `customer/transfer/operate`, `groupchat/transfer/operate`: inside the caller's transaction, the chosen items
 * are queued for the inheritor; the caller enqueues the job that sends them (`ADVANCE_HANDOVER`) in the same
 * transaction, so a restart between the two loses nothing. An item not handed over yet needs the transfer right; one refused, at the
 * inheritor's limit or failed is handed again (to the same or another colleague) with the retry right. Items
 * still moving or already done are refused.
 */
export async function queueHandover(
  tx: Database,
  actor: AuditActor,
  order: HandoverOrder,
  rights: HandoverRights,
): Promise<number> {
  const ids = [...new Set(order.ids)];
  const items = await tx
    .select({ id: handoverItems.id, state: handoverItems.state })
    .from(handoverItems)
    .where(
      and(
        eq(handoverItems.resignationId, order.resignationId),
        eq(handoverItems.kind, order.kind),
        inArray(handoverItems.id, ids),
      ),
    )
    .for('update');
  if (items.length !== ids.length)
    throw validationFailed([{ field: 'ids', message: handoverMessages.itemsGone }]);
  const states = new Set(items.map((item) => item.state));
  if ((MOVING_HANDOVER_STATES as readonly string[]).some((state) => states.has(state as never)))
    throw conflict(handoverMessages.itemBusy);
  if (states.has('done')) throw conflict(handoverMessages.itemDone);
  if (states.has('pending') && !rights.transfer) throw conflict(handoverMessages.transferNotAllowed);
  if (
    (RETRYABLE_HANDOVER_STATES as readonly string[]).some((state) => states.has(state as never)) &&
    !rights.retry
  )
    throw conflict(handoverMessages.retryNotAllowed);
  await tx
    .update(handoverItems)
    .set({
      state: 'queued',
      takeoverEmployeeId: order.inheritor.employeeId,
      takeoverUserId: order.inheritor.workUserId,
      takeoverAt: null,
      nextAttemptAt: null,
      attempts: 0,
      errcode: null,
      error: null,
    })
    .where(inArray(handoverItems.id, ids));
  await writeAudit(tx, actor, {
    entity: 'resignation',
    entityId: order.resignationId,
    action: 'hand_over',
    after: {
      kind: order.kind,
      items: ids.length,
      inheritorEmployeeId: order.inheritor.employeeId,
      again: items.filter((item) => item.state !== 'pending').length,
    },
  });
  return ids.length;
}
