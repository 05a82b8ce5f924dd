import {
  EXCLUSION_KINDS,
  EXCLUSION_STATUSES,
  exclusionLabels,
} from '@dealer-hr/shared/mutual-exclusion/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import { z } from 'zod';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the mutual-exclusion routes are the shared contract
// (@dealer-hr/shared/mutual-exclusion/contract); what is here reads the list's query string, on the server's
// own paging coercion.

export const exclusionListQuery = z.object({
  ...pagingQuery,
  /** Part of the rule's name or of a member's name. */
  keyword: zFilterText(exclusionLabels.keyword),
  kind: z.enum(EXCLUSION_KINDS, { error: selectMessage(exclusionLabels.kind) }).optional(),
  status: z.enum(EXCLUSION_STATUSES, { error: selectMessage(exclusionLabels.status) }).optional(),
});
export type ExclusionListQuery = z.infer<typeof exclusionListQuery>;
