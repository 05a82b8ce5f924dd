import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { draftAnswer, draftStoreBody } from '@dealer-hr/shared/drafts/contract';
import { DRAFT_MAX_BYTES, draftMessages } from '@dealer-hr/shared/drafts/rules';
import type { AppContext } from '../../app-context';
import { drafts } from '../../db/schema';
import { envelope, ok } from '../../lib/envelope';
import { validationFailed } from '../../lib/errors';
import { actor } from '../../plugins/auth';
import { draftKeyQuery } from './drafts.schemas';

const tags = ['drafts'];

const answerOf = (draft: typeof drafts.$inferSelect) => ({
  key: draft.formKey,
  data: draft.data,
  created_at: draft.createdAt.toISOString(),
  updated_at: draft.updatedAt.toISOString(),
});

/**
 * Protected, open to every signed-in user: their own form drafts, by form key (docs/domain.md "Drafts":
 * `draft/detail`, `draft/store`, `draft/delete`). Nobody reads another user's drafts.
 */
export const draftRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/draft/detail',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: 'The caller’s draft of a form',
        description:
          'Null when there is none (the client keeps a fetched draft only when it has `created_at`).',
        querystring: draftKeyQuery,
        response: { 200: envelope(draftAnswer.nullable()) },
      },
    },
    async (request) => {
      const [draft] = await db
        .select()
        .from(drafts)
        .where(and(eq(drafts.userId, actor(request).userId), eq(drafts.formKey, request.query.key)));
      return ok(draft ? answerOf(draft) : null);
    },
  );

  app.post(
    '/draft/store',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: 'Save the caller’s draft of a form',
        description: `Replaces the form's draft (at most ${DRAFT_MAX_BYTES / 1024} KB of JSON; else 422 on \`data\`).`,
        body: draftStoreBody,
        response: { 200: envelope(draftAnswer) },
      },
    },
    async (request) => {
      const { key, data } = request.body;
      if (Buffer.byteLength(JSON.stringify(data)) > DRAFT_MAX_BYTES)
        throw validationFailed([{ field: 'data', message: draftMessages.tooLarge }]);
      const userId = actor(request).userId;
      const [draft] = await db
        .insert(drafts)
        .values({ userId, formKey: key, data })
        .onConflictDoUpdate({ target: [drafts.userId, drafts.formKey], set: { data, updatedAt: new Date() } })
        .returning();
      return ok(answerOf(draft!));
    },
  );

  app.get(
    '/draft/delete',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: 'Drop the caller’s draft of a form',
        description:
          'A GET, as the client calls it (docs/api.md "Transport"). Answers message `ok` whether or not ' +
          'there was a draft: either way there is none now.',
        querystring: draftKeyQuery,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await db
        .delete(drafts)
        .where(and(eq(drafts.userId, actor(request).userId), eq(drafts.formKey, request.query.key)));
      return ok(null);
    },
  );
};
