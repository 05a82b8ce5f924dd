import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FlowNode } from '@dealer-hr/shared/approvals/rules';
import type { Database } from '../../db/client';
import { assignments, departments, postRoles, userRoles, users } from '../../db/schema';
import { inTurn } from '../../db/in-turn';

/**
 * Who can be asked to approve: the accounts, departments, role and post holders a set of flow nodes needs,
 * loaded once so that one record (submission) or every department of a scope (the flow editor's check) can be
 * resolved without a query per node and department.
 */
export interface ApproverDirectory {
  departments: Map<
    number,
    { id: number; name: string; path: string; status: string; leaderEmployeeId: number | null }
  >;
  /** Active accounts by their employee. */
  accountOf: Map<number, number>;
  activeUsers: Set<number>;
  roleHolders: Map<number, Set<number>>;
  /** Post id -> department id -> accounts holding that post at exactly that department. */
  postHolders: Map<number, Map<number, number[]>>;
}

const idsOf = (nodes: readonly FlowNode[], type: FlowNode['approver_type']) => [
  ...new Set(nodes.filter((node) => node.approver_type === type).flatMap((node) => node.approver_ids)),
];

export async function loadApproverDirectory(
  db: Database,
  nodes: readonly FlowNode[],
): Promise<ApproverDirectory> {
  const roleIds = idsOf(nodes, 'role');
  const postIds = idsOf(nodes, 'post');
  // In turn: the engine resolves approvers inside the transaction of the change it records.
  const [tree, accounts, direct, viaPosts, held] = await inTurn([
    db
      .select({
        id: departments.id,
        name: departments.name,
        path: departments.path,
        status: departments.status,
        leaderEmployeeId: departments.leaderEmployeeId,
      })
      .from(departments),
    db
      .select({ id: users.id, employeeId: users.employeeId })
      .from(users)
      .where(and(eq(users.status, 'active'), isNull(users.deletedAt))),
    roleIds.length === 0
      ? []
      : db
          .select({ roleId: userRoles.roleId, userId: userRoles.userId })
          .from(userRoles)
          .where(inArray(userRoles.roleId, roleIds)),
    roleIds.length === 0
      ? []
      : db
          .select({ roleId: postRoles.roleId, userId: users.id })
          .from(postRoles)
          .innerJoin(assignments, and(eq(assignments.postId, postRoles.postId), isNull(assignments.endDate)))
          .innerJoin(users, eq(users.employeeId, assignments.employeeId))
          .where(inArray(postRoles.roleId, roleIds)),
    postIds.length === 0
      ? []
      : db
          .select({ postId: assignments.postId, departmentId: assignments.departmentId, userId: users.id })
          .from(assignments)
          .innerJoin(users, eq(users.employeeId, assignments.employeeId))
          .where(
            and(
              inArray(assignments.postId, postIds),
              isNull(assignments.endDate),
              isNotNull(users.employeeId),
            ),
          ),
  ]);
  const activeUsers = new Set(accounts.map((account) => account.id));
  const accountOf = new Map(
    accounts.flatMap((account) =>
      account.employeeId === null ? [] : ([[account.employeeId, account.id]] as const),
    ),
  );
  const roleHolders = new Map<number, Set<number>>();
  for (const { roleId, userId } of [...direct, ...viaPosts]) {
    if (!activeUsers.has(userId)) continue;
    roleHolders.set(roleId, (roleHolders.get(roleId) ?? new Set()).add(userId));
  }
  const postHolders = new Map<number, Map<number, number[]>>();
  for (const { postId, departmentId, userId } of held) {
    if (!activeUsers.has(userId)) continue;
    const byDepartment = postHolders.get(postId) ?? new Map<number, number[]>();
    byDepartment.set(departmentId, [...(byDepartment.get(departmentId) ?? []), userId]);
    postHolders.set(postId, byDepartment);
  }
  return {
    departments: new Map(tree.map((row) => [row.id, row])),
    accountOf,
    activeUsers,
    roleHolders,
    postHolders,
  };
}

/** A department and the departments above it, nearest first (the path holds the ids from the root). */
export const chainOf = (path: string): number[] => path.split('/').filter(Boolean).map(Number).reverse();

/**
 * The accounts that approve `node` for a record of `departmentId`, in id order.
 * - role: every active holder, directly or through a post;
 * - post: the holders at the record's department or, when it has none, at the nearest department above it that
 *   has (a store's general manager sits on the store node; a vacant seat does not pass the task to other stores);
 * - leader: the leader of the department `leader_level` levels up (1 = the record's own department);
 * - users: the named accounts that are still active.
 */
export function approversOf(directory: ApproverDirectory, node: FlowNode, departmentId: number): number[] {
  const department = directory.departments.get(departmentId);
  const chain = department ? chainOf(department.path) : [];
  let found: Iterable<number> = [];
  switch (node.approver_type) {
    case 'role':
      found = node.approver_ids.flatMap((roleId) => [...(directory.roleHolders.get(roleId) ?? [])]);
      break;
    case 'users':
      found = node.approver_ids.filter((userId) => directory.activeUsers.has(userId));
      break;
    case 'post':
      for (const ancestor of chain) {
        const holders = node.approver_ids.flatMap(
          (postId) => directory.postHolders.get(postId)?.get(ancestor) ?? [],
        );
        if (holders.length > 0) {
          found = holders;
          break;
        }
      }
      break;
    case 'leader': {
      const leaderOf = chain[(node.leader_level ?? 1) - 1];
      const employeeId =
        leaderOf === undefined ? null : directory.departments.get(leaderOf)?.leaderEmployeeId;
      const account = employeeId == null ? undefined : directory.accountOf.get(employeeId);
      found = account === undefined ? [] : [account];
      break;
    }
  }
  return [...new Set(found)].sort((a, b) => a - b);
}
