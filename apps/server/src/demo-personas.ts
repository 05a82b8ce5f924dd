import { and, asc, eq, inArray } from 'drizzle-orm';
import { canAny, loadAccess } from './core/access';
import { loadScope, type Scope } from './core/scope';
import type { Database } from './db/client';
import { approvalTasks, departments, employees, users } from './db/schema';
import { posts as postSeeds } from './db/seed/data/posts';
import type { AuditActor } from './lib/audit';
import type { ApprovalEngine } from './modules/approvals';

// Who acts in the demo's stories (demo-activity.ts, demo-transfers.ts): the demo accounts, with the data scope
// and the permissions their roles give, and where a post sits in a store.

/** The request id of every audit row the demo's activity writes. */
export const DEMO_REQUEST_ID = 'demo-seed';

export interface Persona {
  actor: AuditActor & { userId: number };
  scope: Scope;
  /** Refuses, as the route would, what the user's roles do not allow. */
  assertMay(permission: string | readonly string[]): void;
}

export async function personaOf(tx: Database, userId: number): Promise<Persona> {
  // In turn: `tx` is a transaction's one connection.
  const access = await loadAccess(tx, userId);
  const scope = await loadScope(tx, userId);
  return {
    actor: { userId, ip: '', requestId: DEMO_REQUEST_ID },
    scope,
    assertMay(permission) {
      if (!canAny(access, permission)) throw new Error(`demo user ${userId} lacks ${String(permission)}`);
    },
  };
}

export async function accountOf(tx: Database, username: string) {
  const [account] = await tx
    .select({ id: users.id, storeId: employees.mainStoreId })
    .from(users)
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .where(eq(users.username, username));
  if (!account) throw new Error(`the demo has no ${username} account`);
  return account;
}

/** Where a post sits in a store: its department, or that department's team `team` when it has teams. */
export async function departmentFor(tx: Database, storeCode: string, postCode: string, team: number) {
  const departmentCode = postSeeds.find((post) => post.code === postCode)?.departmentCode;
  const codes = departmentCode
    ? [`${storeCode}-${departmentCode}-${team}`, `${storeCode}-${departmentCode}`]
    : [storeCode];
  const rows = await tx
    .select({ id: departments.id, code: departments.code })
    .from(departments)
    .where(inArray(departments.code, codes));
  const found = codes.flatMap((code) => rows.filter((row) => row.code === code))[0];
  if (!found) throw new Error(`store ${storeCode} has no department for ${postCode}`);
  return found.id;
}

/**
 * Approves every open task of an approval as its approver would (each checked for the approval centre's
 * permission), until none is left or it waits for `until` (a demo account left to decide it themselves).
 */
export async function approveAsApprovers(
  tx: Database,
  approvals: ApprovalEngine,
  instanceId: number,
  until?: number,
): Promise<void> {
  for (;;) {
    const [task] = await tx
      .select({ id: approvalTasks.id, userId: approvalTasks.approverUserId })
      .from(approvalTasks)
      .where(and(eq(approvalTasks.instanceId, instanceId), eq(approvalTasks.status, 'pending')))
      .orderBy(asc(approvalTasks.approverUserId))
      .limit(1);
    if (!task || task.userId === until) return;
    const approver = await personaOf(tx, task.userId);
    approver.assertMay('approval:todo:approve');
    await approvals.decide(tx, approver.actor, task.id, 'approve', '同意');
  }
}
