import type { AuditAction, AuditEntity } from '@dealer-hr/shared/audit/rules';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { auditLogs } from '../db/schema';

/** Who made a change and from where; taken from the request of a protected route. */
export interface AuditActor {
  userId: number | null;
  ip: string;
  requestId: string;
}

export type AuditRecord = Record<string, unknown>;

export interface AuditEntry {
  /** The kind of record that changed (the shared list, each with a label in every language). */
  entity: AuditEntity;
  entityId: string | number;
  /** 'create' | 'update' | 'delete', or a business verb: 'freeze', 'thaw', 'grant', 'reset_password'... */
  action: AuditAction;
  before?: AuditRecord | null;
  after?: AuditRecord | null;
}

/** Values that must never reach the audit log, whatever the entity calls them. */
const SENSITIVE = /password|passwordhash|token|secret|hash|signing/i;

function scrub(record: AuditRecord | null | undefined): AuditRecord | null {
  if (!record) return null;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !SENSITIVE.test(key)));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Of an update, only the fields whose value changed, before and after; unchanged fields are noise. */
export function changedFields(
  before: AuditRecord | null,
  after: AuditRecord | null,
): { before: AuditRecord | null; after: AuditRecord | null } {
  if (!before || !after) return { before, after };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...keys].filter((key) => key !== 'updatedAt' && !same(before[key], after[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}

export function auditActorOf(request: FastifyRequest): AuditActor {
  return { userId: request.auth?.userId ?? null, ip: request.ip, requestId: request.id };
}

/**
 * Writes one audit row. Call it with the transaction of the change itself, so the change and its record
 * commit or roll back together. Sensitive fields are dropped; updates keep only the changed fields.
 */
export async function writeAudit(tx: Database, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const { before, after } = changedFields(scrub(entry.before), scrub(entry.after));
  await tx.insert(auditLogs).values({
    userId: actor.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before,
    after,
    ip: actor.ip,
    requestId: actor.requestId,
  });
}

/** What the audit log keeps of a row: its own fields, not the times every row carries. */
export const withoutTimestamps = <Row extends { createdAt: Date; updatedAt: Date }>({
  createdAt: _created,
  updatedAt: _updated,
  ...fields
}: Row) => fields;
