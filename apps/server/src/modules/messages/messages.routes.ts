import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { envelope, ok } from '../../lib/envelope';
import { actor } from '../../plugins/auth';
import { deleteBody, markReadBody, messagePage, unreadAnswer } from '@dealer-hr/shared/messages/contract';
import { messageListQuery } from './messages.schemas';
import { deleteMessages, listMessages, markRead } from './messages.service';

const tags = ['messages'];

/** Protected, open to every signed-in user: each user reads only their own messages. */
export const messageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/msg/select',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: "The user's messages, newest first",
        description:
          '`read`: `1` read only, `0` unread only. `unread` counts all unread messages (the badge).',
        querystring: messageListQuery,
        response: { 200: envelope(messagePage) },
      },
    },
    async (request) => ok(await listMessages(db, actor(request).userId, request.query)),
  );

  app.put(
    '/msg/put',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: 'Mark messages read',
        description:
          "`ids` marks those of the user's messages; `all: true` marks every one. Others' ids are ignored.",
        body: markReadBody,
        response: { 200: envelope(unreadAnswer) },
      },
    },
    async (request) => ok(await markRead(db, actor(request).userId, request.body)),
  );

  app.delete(
    '/msg/destroy',
    {
      config: { permission: 'dashboard:newslist:delete' },
      schema: {
        tags,
        summary: 'Delete messages',
        description: "Only the caller's own; others' ids are ignored.",
        body: deleteBody,
        response: { 200: envelope(unreadAnswer) },
      },
    },
    async (request) => ok(await deleteMessages(db, actor(request).userId, request.body.ids)),
  );
};
