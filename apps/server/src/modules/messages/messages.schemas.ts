import { z } from 'zod';
import { pagingQuery } from '../../lib/paging';

export const messageMessages = {
  readInvalid: '已读状态只能是 0 或 1',
  idsInvalid: '请选择要标记的消息',
  nothingChosen: '请选择要标记的消息，或选择全部标记为已读',
} as const;

export const messageListQuery = z.object({
  ...pagingQuery,
  read: z.enum(['0', '1'], { error: messageMessages.readInvalid }).optional(),
});

export const messageRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  read_at: z.string().nullable(),
  /** A task message whose task is no longer the user's to decide: shown as done, counted as read. */
  done: z.boolean(),
  created_at: z.string(),
});

export const messagePage = z.object({
  data: z.array(messageRow),
  total: z.number().int(),
  /** Unread messages of the user, whatever the filter: the navbar badge. */
  unread: z.number().int(),
});

const zIds = z
  .array(z.number({ error: messageMessages.idsInvalid }).int().positive().max(2_147_483_647), {
    error: messageMessages.idsInvalid,
  })
  .max(500, { error: messageMessages.idsInvalid });

export const deleteBody = z.object({ ids: zIds.min(1, { error: messageMessages.idsInvalid }) });

export const markReadBody = z
  .object({
    ids: zIds.optional(),
    all: z.boolean({ error: messageMessages.nothingChosen }).optional(),
  })
  .refine((body) => body.all === true || (body.ids?.length ?? 0) > 0, {
    error: messageMessages.nothingChosen,
    path: ['ids'],
  });
