import type { ApprovalFact } from '@dealer-hr/shared/approvals/contract';
import type { ApprovalFactKey } from '@dealer-hr/shared/approvals/rules';

// How a business builds the facts it tells the approver (shared approvals rules `approvalFactLabels`).

const plain = { text: null, type_id: null };

export const fact = {
  text: (key: ApprovalFactKey, value: string | null): ApprovalFact => ({
    key,
    kind: 'text',
    value,
    ...plain,
  }),
  number: (key: ApprovalFactKey, value: number | null): ApprovalFact => ({
    key,
    kind: 'number',
    value,
    ...plain,
  }),
  /** A calendar date, `YYYY-MM-DD`. */
  date: (key: ApprovalFactKey, value: string | null): ApprovalFact => ({
    key,
    kind: 'date',
    value,
    ...plain,
  }),
  time: (key: ApprovalFactKey, value: Date | null): ApprovalFact => ({
    key,
    kind: 'time',
    value: value?.toISOString() ?? null,
    ...plain,
  }),
  /** A code of the key's own vocabulary with its Chinese name: the approver reads the name, never the code. */
  code: (key: ApprovalFactKey, code: string, name: string): ApprovalFact => ({
    key,
    kind: 'code',
    value: code,
    text: name,
    type_id: null,
  }),
  /** A dictionary item, named in the reader's language. */
  dictionary: (
    key: ApprovalFactKey,
    typeId: number,
    item: { id: number; name: string } | null,
  ): ApprovalFact => ({
    key,
    kind: 'dictionary',
    value: item?.id ?? null,
    text: item?.name ?? null,
    type_id: typeId,
  }),
};
