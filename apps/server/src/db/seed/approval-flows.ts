import type { Database } from '../client';
import { approvalFlows, posts, roles } from '../schema';
import { approvalFlowSeeds } from './data/approval-flows';

/**
 * The demo's approval flows of the business types that have none yet: a fresh demo database gets them all
 * after its organisation, and one seeded before a business existed (overtime, say) gets its flow on its next
 * start.
 */
export async function seedApprovalFlows(db: Database): Promise<number> {
  const existing = new Set(
    (await db.selectDistinct({ type: approvalFlows.businessType }).from(approvalFlows)).map(
      (row) => row.type,
    ),
  );
  const missing = approvalFlowSeeds.filter((flow) => !existing.has(flow.businessType));
  if (missing.length === 0) return 0;
  const [roleRows, postRows] = await Promise.all([
    db.select({ id: roles.id, key: roles.key }).from(roles),
    db.select({ id: posts.id, code: posts.code }).from(posts),
  ]);
  const roleId = new Map(roleRows.map((row) => [row.key, row.id]));
  const postId = new Map(postRows.map((row) => [row.code, row.id]));
  const idsOf = (names: string[], ids: Map<string, number>) =>
    names.map((name) => {
      const id = ids.get(name);
      if (id === undefined) throw new Error(`approval flow seed names unknown ${name}`);
      return id;
    });
  await db.insert(approvalFlows).values(
    missing.map((flow) => ({
      businessType: flow.businessType,
      name: flow.name,
      nodes: flow.nodes.map(({ roles: roleKeys = [], posts: postCodes = [], ...node }) => ({
        ...node,
        approver_ids: [...idsOf(roleKeys, roleId), ...idsOf(postCodes, postId)],
      })),
    })),
  );
  return missing.length;
}
