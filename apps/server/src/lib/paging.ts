import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { maxLengthMessage } from '@dealer-hr/shared/rules';
import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

// Query-string pieces of the API's lists (docs/api.md "Lists and paging": `page` from 1, `limit` up to 100,
// default 20; the client offers 10, 20, 30, 50). A falsy value never reaches the server (the client drops
// it), so an empty parameter means the same as an absent one.

export const pagingMessages = {
  page: '页码必须是正整数',
  limit: `每页条数必须是 1 到 ${MAX_PAGE_SIZE} 之间的整数`,
} as const;

/** Longest filter text worth searching for; longer input is refused rather than scanned. */
export const MAX_FILTER_LENGTH = 50;

const queryInt = (message: string, max: number, fallback: number) =>
  z
    .string({ error: message })
    .trim()
    .optional()
    .refine((value) => !value || (/^\d{1,9}$/.test(value) && Number(value) >= 1 && Number(value) <= max), {
      error: message,
    })
    .transform((value) => (value ? Number(value) : fallback));

/** `page` and `limit` of a list's query string; spread into the route's query schema. */
export const pagingQuery = {
  page: queryInt(pagingMessages.page, 1_000_000_000, 1),
  limit: queryInt(pagingMessages.limit, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
};

export interface Paging {
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: Paging): number => (page - 1) * limit;

/** Optional free text of a query string (a "contains" filter): trimmed; empty means no filter. */
export const zFilterText = (label: string, max = MAX_FILTER_LENGTH) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, { error: maxLengthMessage(label, max) })
    .optional()
    .transform((value) => value || undefined);

const likeLiteral = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A LIKE pattern for texts containing `value` literally: `%`, `_` and `\` are escaped. */
export const likeContains = (value: string): string => `%${likeLiteral(value)}%`;

/** A LIKE pattern for texts beginning with `value` literally; a btree `text_pattern_ops` index answers it. */
export const likePrefix = (value: string): string => `${likeLiteral(value)}%`;

/** Where a newest-first keyset page stopped: the last row's creation time and id. */
export interface NewestFirstCursor {
  createdAt: Date;
  id: number;
}

/**
 * The rows after `cursor` in newest-first order (`created_at desc, id desc`): the next keyset page of an
 * export, one short indexed read however deep it is. No cursor: from the first row.
 */
export function olderThan(
  columns: { createdAt: AnyPgColumn; id: AnyPgColumn },
  cursor: NewestFirstCursor | null,
): SQL | undefined {
  if (!cursor) return undefined;
  return or(
    lt(columns.createdAt, cursor.createdAt),
    and(eq(columns.createdAt, cursor.createdAt), lt(columns.id, cursor.id)),
  );
}
