import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  handoverDetail as handoverDetailSchema,
  handoverInheritor,
  handoverItem,
  handoverKindField,
  handoverListBody,
  handoverOperateAnswer,
  handoverOperateBody,
  handoverStateField,
} from '@dealer-hr/shared/handover/contract';
import { handoverLabels, type HandoverKind } from '@dealer-hr/shared/handover/rules';
import { zId } from '@dealer-hr/shared/validation';
import type { AppContext } from '../../app-context';
import { canAny } from '../../core/access';
import { envelope, ok, page } from '../../lib/envelope';
import { pagingQuery, zFilterText } from '../../lib/paging';
import { actor, signedInActorOf } from '../../plugins/auth';
import { handOver, handoverDetail, handoverInheritors, handoverList } from './resignation.handover';

const tags = ['resignation'];
const TRANSFER = 'staff:resignation-handover:transfer';
const RETRY = 'staff:resignation-handover:retry';
/** Who may look at a leaver's customers: whoever sees resignations or hands customers over. */
const VIEW = ['staff:resignation:view', TRANSFER, RETRY];

const resignId = { resign_id: zId(handoverLabels.resignation) };
const detailQuery = z.object({
  ...resignId,
  ...pagingQuery,
  kind: handoverKindField.optional(),
  state: handoverStateField.optional(),
});
const inheritQuery = z.object({ ...resignId, keyword: zFilterText('关键字') });

const listDescription = (what: string) =>
  `A page (\`page\`, \`limit\`: 1 and 10 by default) of the leaver’s ${what}, read from the work-messaging ` +
  'platform the first time and kept as items with their handover state. `userId` is the leaver’s userid on ' +
  'the platform (422 when it is not theirs); 409 before the resignation is approved; 503 when the platform ' +
  'cannot be reached.';

const operateDescription = (what: string) =>
  `Hands the chosen ${what} (\`ids\` of the list) to \`inheritor_id\` (on staff, in scope, with a platform ` +
  'userid): they are queued and a job sends them, at most 100 per call, reading each one’s result. Items not ' +
  `handed over yet need \`${TRANSFER}\`; refused, at-limit or failed ones are handed again with \`${RETRY}\`. ` +
  'Items still moving or done: 409.';

/** Protected: the handover of a leaver's customers and group chats (spec sections 2-4 and 7). */
export const resignationHandoverRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, jobs, workMessaging },
) => {
  const list = (kind: HandoverKind, path: string, what: string) =>
    app.post(
      path,
      {
        config: { permission: VIEW },
        schema: {
          tags,
          summary: `The leaver’s ${what}, paged`,
          description: listDescription(what),
          body: handoverListBody,
          response: { 200: envelope(page(handoverItem)) },
        },
      },
      async (request) =>
        ok(await handoverList(db, workMessaging, await actor(request).scope(), kind, request.body)),
    );
  list('customer', '/resign/customer/list', 'customers');
  list('group_chat', '/resign/groupchat/list', 'customer group chats');

  const operate = (kind: HandoverKind, path: string, what: string) =>
    app.post(
      path,
      {
        config: { permission: [TRANSFER, RETRY] },
        schema: {
          tags,
          summary: `Hand the leaver’s ${what} to a colleague`,
          description: operateDescription(what),
          body: handoverOperateBody,
          response: { 200: envelope(handoverOperateAnswer) },
        },
      },
      async (request) => {
        const caller = actor(request);
        const access = await caller.access();
        return ok(
          await handOver(db, jobs, await caller.scope(), signedInActorOf(request), kind, request.body, {
            transfer: canAny(access, TRANSFER),
            retry: canAny(access, RETRY),
          }),
        );
      },
    );
  operate('customer', '/resign/customer/transfer/operate', 'customers');
  operate('group_chat', '/resign/groupchat/transfer/operate', 'group chats');

  app.get(
    '/resign/inherit',
    {
      config: { permission: [TRANSFER, RETRY] },
      schema: {
        tags,
        summary: 'Colleagues who can inherit the leaver’s customers',
        description:
          'On staff, in the caller’s scope, with a userid on the work-messaging platform, not the leaver; ' +
          'whose name, pinyin, initials or number begins with `keyword` (at most 20). The store’s setting ' +
          'proposes one (`proposed`: the chosen colleague, or the store’s sales manager), listed first.',
        querystring: inheritQuery,
        response: { 200: envelope(z.array(handoverInheritor)) },
      },
    },
    async (request) =>
      ok(
        await handoverInheritors(
          db,
          await actor(request).scope(),
          request.query.resign_id,
          request.query.keyword,
        ),
      ),
  );

  app.get(
    '/resign/transfer/detail',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        summary: 'Where a handover stands',
        description:
          'The count of items in each state per kind (`settled` once everything is done or declined by the ' +
          'customer), and a page of the items handed over (any state but `pending`), of `kind` and `state` ' +
          'when given, each with its inheritor, takeover time and the platform’s refusal in Chinese.',
        querystring: detailQuery,
        response: { 200: envelope(handoverDetailSchema) },
      },
    },
    async (request) => ok(await handoverDetail(db, await actor(request).scope(), request.query)),
  );
};
