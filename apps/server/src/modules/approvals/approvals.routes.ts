import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import { forbidden } from '../../lib/errors';
import { can } from '../../core/access';
import { actor, signedInActorOf } from '../../plugins/auth';
import {
  approverOptions,
  decisionBody,
  flowCheckBody,
  flowGap,
  flowIdBody,
  flowRow,
  flowStoreBody,
  flowUpdateBody,
  instanceDetail,
  instanceSummary,
  rejectBody,
  taskCounts as taskCountsSchema,
  taskRow,
  withdrawBody,
} from '@dealer-hr/shared/approvals/contract';
import { TASK_SCOPES, type TaskScope } from '@dealer-hr/shared/approvals/rules';
import { detailQuery, flowListQuery, taskListQuery } from './approvals.schemas';
import { approverChoices, createFlow, destroyFlow, gapsOf, listFlows, updateFlow } from './flows.service';
import { instanceDetailOf, listTasks, taskCounts } from './tasks.service';

const tags = ['approvals'];

/** The page each list belongs to: seeing a list needs that page. */
const scopePermission: Record<TaskScope, string> = {
  todo: 'approval:todo:view',
  done: 'approval:done:view',
  mine: 'approval:mine:view',
};
const ANY_LIST = Object.values(scopePermission);

const summaryOf = (instance: { id: number; status: string; currentNode: number | null }) => ({
  id: instance.id,
  status: instance.status,
  current_node: instance.currentNode,
});

/** Protected: approval flows (`approval/set/*`), the task lists and decisions (`approval/task/*`). */
export const approvalRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, approvals }) => {
  app.get(
    '/approval/set/index',
    {
      config: { permission: 'approval:flows:view' },
      schema: {
        tags,
        summary: 'Approval flows, paged',
        description: 'Ordered by business type, then department (the group-wide flow first).',
        querystring: flowListQuery,
        response: { 200: envelope(page(flowRow)) },
      },
    },
    async (request) => ok(await listFlows(db, request.query)),
  );

  app.get(
    '/approval/set/options',
    {
      config: { permission: 'approval:flows:view' },
      schema: {
        tags,
        summary: "The roles, posts and users a node's approver may name",
        response: { 200: envelope(approverOptions) },
      },
    },
    async () => ok(await approverChoices(db)),
  );

  app.post(
    '/approval/set/check',
    {
      config: { permission: ['approval:flows:create', 'approval:flows:update'] },
      schema: {
        tags,
        summary: 'Departments that would find nobody at a node',
        description:
          "For each node: how many active departments of the flow's scope resolve to no approver (such a node is " +
          'passed over for their records), with the first ten by name. Nothing is saved.',
        body: flowCheckBody,
        response: { 200: envelope(z.array(flowGap)) },
      },
    },
    async (request) => ok(await gapsOf(db, request.body)),
  );

  app.post(
    '/approval/set/store',
    {
      config: { permission: 'approval:flows:create' },
      schema: {
        tags,
        summary: 'Create a flow',
        description:
          'One flow per business type and department (409 on `department_id`). Named roles, posts and users must ' +
          'be active (422 on `nodes.N.approver_ids`). When some department would find nobody at a node, 422 on ' +
          '`nodes` with `data.gaps`, unless `accept_gaps` is true.',
        body: flowStoreBody,
        response: { 200: envelope(flowRow) },
      },
    },
    async (request) => ok(await createFlow(db, auditActorOf(request), request.body)),
  );

  app.put(
    '/approval/set/update',
    {
      config: { permission: 'approval:flows:update' },
      schema: {
        tags,
        summary: 'Change a flow',
        description: 'As store. Running approvals keep the nodes they were submitted with.',
        body: flowUpdateBody,
        response: { 200: envelope(flowRow) },
      },
    },
    async (request) => ok(await updateFlow(db, auditActorOf(request), request.body)),
  );

  app.delete(
    '/approval/set/destroy',
    {
      config: { permission: 'approval:flows:delete' },
      schema: {
        tags,
        summary: 'Delete a flow',
        description: 'A flow that approvals were submitted to is kept (409): disable it instead.',
        body: flowIdBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await destroyFlow(db, auditActorOf(request), request.body.id);
      return ok(null);
    },
  );

  app.get(
    '/approval/task/index',
    {
      config: { permission: ANY_LIST },
      schema: {
        tags,
        summary: 'To-do tasks, decided tasks, or own requests, paged',
        description:
          '`scope`: `todo` (open tasks, oldest first), `done` (decided, newest first) or `mine` (own requests). ' +
          'Each list needs its page (`approval:todo:view`, `approval:done:view`, `approval:mine:view`).',
        querystring: taskListQuery,
        response: { 200: envelope(page(taskRow)) },
      },
    },
    async (request) => {
      const auth = actor(request);
      if (!can(await auth.access(), scopePermission[request.query.scope])) throw forbidden();
      return ok(await listTasks(db, auth.userId, request.query));
    },
  );

  app.get(
    '/approval/task/count',
    {
      config: { permission: ANY_LIST },
      schema: {
        tags,
        summary: 'How many to-do, decided and own requests',
        description: 'A list the user may not see counts 0.',
        response: { 200: envelope(taskCountsSchema) },
      },
    },
    async (request) => {
      const auth = actor(request);
      const access = await auth.access();
      const visible = TASK_SCOPES.filter((scope) => can(access, scopePermission[scope]));
      return ok(await taskCounts(db, auth.userId, visible));
    },
  );

  app.get(
    '/approval/task/detail',
    {
      config: { permission: ANY_LIST },
      schema: {
        tags,
        summary:
          'An approval: the record, every node with its tasks, the timeline, and what the caller may do',
        description:
          'Only the applicant and the approvers it was sent to may read it (404 for others). `facts` is what ' +
          'the business tells the approver about its record: label keys with values, ID numbers masked.',
        querystring: detailQuery,
        response: { 200: envelope(instanceDetail) },
      },
    },
    async (request) => ok(await instanceDetailOf(db, approvals, actor(request).userId, request.query.id)),
  );

  app.post(
    '/approval/task/approve',
    {
      config: { permission: 'approval:todo:approve' },
      schema: {
        tags,
        summary: 'Approve a task',
        description:
          "`id` is the task. 404 when it is not the caller's; 409 when it was decided already (of parallel " +
          "decisions exactly one wins) and on one's own request. The last approval applies the business effect " +
          'in the same transaction.',
        body: decisionBody,
        response: { 200: envelope(instanceSummary) },
      },
    },
    async (request) =>
      ok(
        summaryOf(
          await approvals.decide(
            db,
            signedInActorOf(request),
            request.body.id,
            'approve',
            request.body.comment,
          ),
        ),
      ),
  );

  app.post(
    '/approval/task/reject',
    {
      config: { permission: 'approval:todo:reject' },
      schema: {
        tags,
        summary: 'Reject a task',
        description: 'A comment is required. The approval ends and the record returns to its owner.',
        body: rejectBody,
        response: { 200: envelope(instanceSummary) },
      },
    },
    async (request) =>
      ok(
        summaryOf(
          await approvals.decide(
            db,
            signedInActorOf(request),
            request.body.id,
            'reject',
            request.body.comment,
          ),
        ),
      ),
  );

  app.post(
    '/approval/task/withdraw',
    {
      config: { permission: 'approval:mine:withdraw' },
      schema: {
        tags,
        summary: 'Withdraw an own pending request',
        description: "`id` is the approval. 404 when it is not the caller's; 409 once it has ended.",
        body: withdrawBody,
        response: { 200: envelope(instanceSummary) },
      },
    },
    async (request) =>
      ok(
        summaryOf(
          await approvals.withdraw(db, signedInActorOf(request), request.body.id, request.body.comment),
        ),
      ),
  );
};
