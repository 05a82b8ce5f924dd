import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ApprovalFact } from '@dealer-hr/shared/approvals/contract';
import {
  APPROVAL_STATUSES,
  approvalFactLabels,
  type ApprovalAction,
  type ApprovalStatus,
  type ConditionOperator,
  type TaskStatus,
} from '@dealer-hr/shared/approvals/rules';
import { parseTime } from '@dealer-hr/shared/time';
import { SOURCE_LANGUAGE } from '../../../lib/i18n';

// How the approval vocabulary (packages/shared/src/approvals.ts) reads and looks on these pages.

const statusColors: Record<ApprovalStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

const taskColors: Record<TaskStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
};

/** The timeline dot of each event. */
export const actionColors: Record<ApprovalAction, string> = {
  submit: 'blue',
  approve: 'green',
  reject: 'red',
  withdraw: 'gray',
  skip: 'gray',
  complete: 'green',
};

export const operatorSymbols: Record<ConditionOperator, string> = {
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  eq: '=',
  ne: '≠',
};

/** An approval's status (审批中, 已通过...). */
export function StatusTag({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation('approvals', { keyPrefix: 'tasks' });
  return <Tag color={statusColors[status]}>{t(`status.${status}`)}</Tag>;
}

/** One approver's task (待处理, 已通过...). */
export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('approvals', { keyPrefix: 'tasks' });
  return <Tag color={taskColors[status]}>{t(`taskStatus.${status}`)}</Tag>;
}

export const statusOptions = (t: TFunction<'approvals', 'tasks'>) =>
  APPROVAL_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }));

/** The engine's reasons for passing a node over (engine.ts `engineMessages`), by translation key. */
const skipReasons: Record<string, string> = {
  '条件不满足，跳过该节点': 'condition',
  '未找到审批人，按规则跳过该节点': 'nobody',
};

/**
 * A comment as the reader's language says it: the engine writes its skip reasons in Chinese, so the
 * known ones are translated; people's own comments stay as they were written.
 */
export function commentText(
  t: TFunction<'approvals', 'tasks'>,
  language: string | undefined,
  comment: string,
) {
  const reason = skipReasons[comment];
  return reason && language !== SOURCE_LANGUAGE ? t(`skipReasons.${reason}`) : comment;
}

/** A label for a form field of the record; an unknown field shows its own name. */
export function formFieldLabel(t: TFunction<'approvals', 'tasks'>, field: string): string {
  return t(`formFields.${field}`, { defaultValue: field });
}

/** A form value as text: numbers with group separators, lists joined, anything else as JSON. */
export function formValueText(value: unknown, language: string | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'number') return value.toLocaleString(language);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return JSON.stringify(value);
}

/** What a fact of the record is called in the reader's language (the Chinese name when it has none). */
export function factLabel(t: TFunction<'approvals', 'tasks'>, fact: Pick<ApprovalFact, 'key'>): string {
  return t(`facts.labels.${fact.key}`, { defaultValue: approvalFactLabels[fact.key] ?? fact.key });
}

/**
 * A fact's value as the reader reads it: a code by its name (never the code itself), a time in the app's
 * format, a number with group separators. Dictionary items come named by `dictionaryName` when given.
 */
export function factText(
  t: TFunction<'approvals', 'tasks'>,
  language: string | undefined,
  fact: ApprovalFact,
  dictionaryName?: (fact: ApprovalFact) => string | null,
): string {
  if (fact.value === null || fact.value === '') return '-';
  switch (fact.kind) {
    case 'code':
      return t(`facts.codes.${fact.key}.${fact.value}`, { defaultValue: fact.text ?? String(fact.value) });
    case 'dictionary':
      return dictionaryName?.(fact) ?? fact.text ?? '-';
    case 'time':
      return parseTime(String(fact.value)) ?? '-';
    default:
      return formValueText(fact.value, language);
  }
}
