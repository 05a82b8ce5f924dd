import { zBusinessType, zFlowStatus } from '@dealer-hr/shared/approvals/contract';
import { APPROVAL_STATUSES, TASK_SCOPES, flowLabels } from '@dealer-hr/shared/approvals/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the approvals routes are the shared contract
// (@dealer-hr/shared/approvals/contract); what is here reads the lists' query strings, on the server's own
// paging coercion.

export const flowListQuery = z.object({
  ...pagingQuery,
  business_type: zBusinessType.optional(),
  status: zFlowStatus.optional(),
  keyword: zFilterText(flowLabels.keyword),
});

export const taskListQuery = z.object({
  ...pagingQuery,
  scope: z.enum(TASK_SCOPES, { error: selectMessage(flowLabels.scope) }),
  business_type: zBusinessType.optional(),
  status: z.enum(APPROVAL_STATUSES, { error: selectMessage(flowLabels.status) }).optional(),
  keyword: zFilterText(flowLabels.keyword),
});

export const detailQuery = z.object({ id: zId('审批记录') });
