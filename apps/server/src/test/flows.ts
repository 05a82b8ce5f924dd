import { eq } from 'drizzle-orm';
import type { ApprovalBusinessType } from '@dealer-hr/shared/approvals/rules';
import { approvalFlows } from '../db/schema';
import type { TestApp } from './app';
import { userIdOf } from './users';

/** The flow of `type` asks one person only, `username`: the test knows who decides. */
export async function flowApprovedBy(t: TestApp, type: ApprovalBusinessType, username: string) {
  await t.db
    .update(approvalFlows)
    .set({
      nodes: [
        {
          name: '指定审批人',
          approver_type: 'users',
          approver_ids: [await userIdOf(t, username)],
          leader_level: null,
          mode: 'any',
          condition: null,
        },
      ],
    })
    .where(eq(approvalFlows.businessType, type));
}
