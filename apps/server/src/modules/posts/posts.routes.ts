import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import {
  mainPostOption,
  postIdBody,
  postRow,
  postStoreBody,
  postUpdateBody,
} from '@dealer-hr/shared/posts/contract';
import { postListQuery } from './posts.schemas';
import { createPost, destroyPost, listPosts, mainPosts, updatePost } from './posts.service';

const tags = ['posts'];

/**
 * Protected: the posts (job titles) of the group. `posts/options` and `posts/roles` belong to the roles
 * module (post roles); this one keeps the posts themselves.
 */
export const postRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/posts/index',
    {
      // The mutual-exclusion rules pick posts; the staff directory filters by them.
      config: {
        permission: [
          'organization:posts:view',
          'staff:mutually-exclusive:view',
          'staff:list:view',
          'staff:onboarding:view',
          'managingpeople:enrollmententry:view',
        ],
      },
      schema: {
        tags,
        summary: 'Posts, paged',
        description:
          '`keyword` matches part of the name or the code; `post_type_id` (dictionary 27), `category_id` ' +
          '(dictionary 42), `is_main` (`1`/`0`) and `status` filter exactly. Ordered by sort, then id.',
        querystring: postListQuery,
        response: { 200: envelope(page(postRow)) },
      },
    },
    async (request) => ok(await listPosts(db, request.query)),
  );

  app.get(
    '/posts/main/post',
    {
      // Hiring and transfer forms choose a main post; the posts page filters by it.
      config: {
        permission: [
          'organization:posts:view',
          'organization:headcount:view',
          'staff:onboarding:view',
          'staff:transfer:view',
        ],
      },
      schema: {
        tags,
        summary: 'Active main posts, for selects',
        description: 'Ordered by sort, then id.',
        response: { 200: envelope(z.array(mainPostOption)) },
      },
    },
    async () => ok(await mainPosts(db)),
  );

  app.post(
    '/posts/store',
    {
      config: { permission: 'organization:posts:create' },
      schema: {
        tags,
        summary: 'Create a post',
        description:
          'The code is unique (409 with `data.errors` on `code`). `post_type_id` must be an enabled item of ' +
          'dictionary 27 and `category_id` of dictionary 42 (else 422 on the field).',
        body: postStoreBody,
        response: { 200: envelope(postRow) },
      },
    },
    async (request) => ok(await createPost(db, auditActorOf(request), request.body)),
  );

  app.put(
    '/posts/update',
    {
      config: { permission: 'organization:posts:update' },
      schema: {
        tags,
        summary: 'Change a post',
        description:
          'Fields left out keep their value; `null` clears a dictionary field. Same checks as create.',
        body: postUpdateBody,
        response: { 200: envelope(postRow) },
      },
    },
    async (request) => ok(await updatePost(db, auditActorOf(request), request.body)),
  );

  app.delete(
    '/posts/destroy',
    {
      config: { permission: 'organization:posts:delete' },
      schema: {
        tags,
        summary: 'Delete a post',
        description:
          'Refused with 409 while any assignment (open or ended) or headcount plan row names the post: ' +
          'disable it instead. Its post roles go with it.',
        body: postIdBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => ok(await destroyPost(db, auditActorOf(request), request.body.id)),
  );
};
