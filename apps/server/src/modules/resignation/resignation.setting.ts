import type { ResignationSetting, ResignationSettingBody } from '@dealer-hr/shared/resignation/contract';
import { DEFAULT_NOTIFY_TEXT, resignationMessages } from '@dealer-hr/shared/resignation/rules';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { inScope, type Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import { employees, resignations, resignationSettings, stores } from '../../db/schema';
import { withoutTimestamps, writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { onUniqueViolation } from '../../lib/pg-errors';

type Setting = typeof resignationSettings.$inferSelect;

/** A store of the caller's scope (404 otherwise, as a store that does not exist). */
async function assertStoreInScope(db: Database, scope: Scope, storeId: number) {
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, storeId), inScope(scope, stores.departmentId)));
  if (!store) throw notFound(resignationMessages.storeOutsideScope);
}

const answerOf = async (
  db: Database,
  storeId: number | null,
  setting: Setting | undefined,
  inherited: boolean,
): Promise<ResignationSetting> => {
  const [inheritor] = setting?.inheritorEmployeeId
    ? await db
        .select({ name: employees.name })
        .from(employees)
        .where(eq(employees.id, setting.inheritorEmployeeId))
    : [];
  return {
    store_id: storeId,
    inherited,
    require_handover: setting?.requireHandover ?? true,
    inheritor_rule: setting?.inheritorRule ?? 'sales_manager',
    inheritor_id: setting?.inheritorEmployeeId ?? null,
    inheritor_name: inheritor?.name ?? null,
    notify_customers: setting?.notifyCustomers ?? true,
    notify_text: setting?.notifyText ?? DEFAULT_NOTIFY_TEXT,
  };
};

/** `GET resign/setting`: a store's own setting, else the group's (`inherited`), else the defaults. */
export async function resignationSetting(
  db: Database,
  scope: Scope,
  storeId: number | null,
): Promise<ResignationSetting> {
  if (storeId !== null) await assertStoreInScope(db, scope, storeId);
  return effectiveSetting(db, storeId);
}

/** The setting a store's resignations follow (its own, else the group's), whoever asks: `go`, the handover. */
export async function effectiveSetting(db: Database, storeId: number | null): Promise<ResignationSetting> {
  const rows = await db
    .select()
    .from(resignationSettings)
    .where(
      storeId === null
        ? isNull(resignationSettings.storeId)
        : or(eq(resignationSettings.storeId, storeId), isNull(resignationSettings.storeId)),
    );
  const own = rows.find((row) => row.storeId === storeId);
  return answerOf(
    db,
    storeId,
    own ?? rows.find((row) => row.storeId === null),
    own === undefined && storeId !== null,
  );
}

/** `PUT resign/setting`: a store's setting, or the group's (`store_id` null). */
export async function saveResignationSetting(
  db: Database,
  scope: Scope,
  actor: AuditActor & { userId: number },
  body: ResignationSettingBody,
): Promise<void> {
  if (body.store_id !== null) await assertStoreInScope(db, scope, body.store_id);
  else if (!scope.all) throw notFound(resignationMessages.storeOutsideScope);
  if (body.inheritor_rule === 'chosen') {
    if (body.inheritor_id === null)
      throw validationFailed([{ field: 'inheritor_id', message: resignationMessages.inheritorRequired }]);
    const [inheritor] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, body.inheritor_id), inArray(employees.status, ['probation', 'regular'])));
    if (!inheritor)
      throw validationFailed([{ field: 'inheritor_id', message: resignationMessages.inheritorInvalid }]);
  }
  if (body.notify_customers && !body.notify_text)
    throw validationFailed([{ field: 'notify_text', message: resignationMessages.notifyTextRequired }]);
  const values = {
    storeId: body.store_id,
    requireHandover: body.require_handover,
    inheritorRule: body.inheritor_rule,
    inheritorEmployeeId: body.inheritor_rule === 'chosen' ? body.inheritor_id : null,
    notifyCustomers: body.notify_customers,
    notifyText: body.notify_text ?? DEFAULT_NOTIFY_TEXT,
    updatedByUserId: actor.userId,
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(resignationSettings)
      .where(
        body.store_id === null
          ? isNull(resignationSettings.storeId)
          : eq(resignationSettings.storeId, body.store_id),
      )
      .for('update');
    const [after] = before
      ? await tx
          .update(resignationSettings)
          .set(values)
          .where(eq(resignationSettings.id, before.id))
          .returning()
      : // Two first saves of one store at once: the second is told to reload (the index keeps one row).
        await onUniqueViolation(
          () => conflict(resignationMessages.settingChanged),
          () => tx.insert(resignationSettings).values(values).returning(),
        );
    await writeAudit(tx, actor, {
      entity: 'resignation_setting',
      entityId: after!.id,
      action: before ? 'update' : 'create',
      ...(before ? { before: withoutTimestamps(before) } : {}),
      after: withoutTimestamps(after!),
    });
  });
}

/** What a resignation's customers are told when they are handed over: its store's message, if it tells them. */
export async function customerNoticeOf(db: Database, resignationId: number): Promise<string | undefined> {
  const [resignation] = await db
    .select({ storeId: resignations.storeId })
    .from(resignations)
    .where(eq(resignations.id, resignationId));
  if (!resignation) return undefined;
  const setting = await effectiveSetting(db, resignation.storeId);
  return setting.notify_customers ? setting.notify_text : undefined;
}
