import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { approvalTestRequests, departments } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { validationFailed } from '../../lib/errors';
import type { ApprovalBusiness, ApprovalEngine, ApprovalInstance } from './engine';
import type { TestRequestBody } from '@dealer-hr/shared/approvals/contract';

const settle =
  (status: 'approved' | 'rejected' | 'withdrawn') => async (tx: Database, instance: ApprovalInstance) => {
    await tx
      .update(approvalTestRequests)
      .set({ status })
      .where(eq(approvalTestRequests.id, instance.businessId));
  };

/** The demo "test" business: its record only follows the outcome of its approval. */
export const testBusiness: ApprovalBusiness = {
  type: 'test',
  link: (instance) => `/approval/mine?instance=${instance.id}`,
  onApproved: settle('approved'),
  onRejected: settle('rejected'),
  onWithdrawn: settle('withdrawn'),
};

/** Files a test request and submits it for approval, in one transaction: no request exists without its approval. */
export async function submitTestRequest(
  db: Database,
  engine: ApprovalEngine,
  actor: AuditActor & { userId: number },
  body: TestRequestBody,
): Promise<ApprovalInstance> {
  return db.transaction(async (tx) => {
    const [department] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, body.department_id), eq(departments.status, 'active')));
    if (!department) throw validationFailed([{ field: 'department_id', message: '部门不存在或已停用' }]);
    const [request] = await tx
      .insert(approvalTestRequests)
      .values({
        title: body.title,
        amount: body.amount,
        departmentId: body.department_id,
        applicantUserId: actor.userId,
      })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'approval_test_request',
      entityId: request!.id,
      action: 'create',
      after: request!,
    });
    return engine.submit(tx, {
      businessType: 'test',
      businessId: request!.id,
      title: body.title,
      applicantUserId: actor.userId,
      departmentId: body.department_id,
      form: { amount: body.amount },
    });
  });
}
