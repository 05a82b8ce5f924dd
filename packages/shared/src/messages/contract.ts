// The user's messages' request and answer schemas (`/api/auth/msg/*`). The server validates and documents
// with them; the web only imports their types (`import type`), so zod stays out of its bundle. The list's
// query string is the server's own.
import { MAX_ID } from '../rules';
import { z } from 'zod';
import { MESSAGE_IDS_MAX, messageMessages } from './rules';

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
export type MessageRow = z.infer<typeof messageRow>;

export const messagePage = z.object({
  data: z.array(messageRow),
  total: z.number().int(),
  /** Unread messages of the user, whatever the filter: the navbar badge. */
  unread: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePage>;

/** What marking and deleting answer: how many are still unread. */
export const unreadAnswer = z.object({ unread: z.number().int() });
export type UnreadAnswer = z.infer<typeof unreadAnswer>;

const zIds = z
  .array(z.number({ error: messageMessages.idsInvalid }).int().positive().max(MAX_ID), {
    error: messageMessages.idsInvalid,
  })
  .max(MESSAGE_IDS_MAX, { error: messageMessages.idsInvalid });

export const deleteBody = z.object({ ids: zIds.min(1, { error: messageMessages.idsInvalid }) });
export type DeleteInput = z.input<typeof deleteBody>;

export const markReadBody = z
  .object({
    ids: zIds.optional(),
    all: z.boolean({ error: messageMessages.nothingChosen }).optional(),
  })
  .refine((body) => body.all === true || (body.ids?.length ?? 0) > 0, {
    error: messageMessages.nothingChosen,
    path: ['ids'],
  });
export type MarkReadInput = z.input<typeof markReadBody>;
