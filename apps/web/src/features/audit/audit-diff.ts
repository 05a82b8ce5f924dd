import type { AuditValues } from './api';

/** One field of a change: both values for an update, one of them for a create or delete. */
export interface DiffRow {
  field: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditDiff {
  /** `change`: fields with before and after; `created` / `deleted`: the whole record. */
  kind: 'change' | 'created' | 'deleted' | 'empty';
  rows: DiffRow[];
}

/** The fields of a row's values in reading order: those after the change first, then any only before. */
export function auditDiff(before: AuditValues | null, after: AuditValues | null): AuditDiff {
  if (before && after) {
    const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
    return {
      kind: 'change',
      rows: fields.map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null })),
    };
  }
  if (after)
    return { kind: 'created', rows: Object.keys(after).map((field) => ({ field, after: after[field] })) };
  if (before) {
    return { kind: 'deleted', rows: Object.keys(before).map((field) => ({ field, before: before[field] })) };
  }
  return { kind: 'empty', rows: [] };
}

/** A value as text: text as it is, objects and lists as indented JSON, null as `null`. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value, null, 2);
}
