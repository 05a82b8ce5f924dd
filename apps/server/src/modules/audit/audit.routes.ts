import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { envelope, ok, page } from '../../lib/envelope';
import { auditDetail, auditFilters, auditRow } from '@dealer-hr/shared/audit/contract';
import { auditDetailQuery, auditListQuery } from './audit.schemas';
import { auditDetailOf, auditFiltersOf, listAudit } from './audit.service';

/**
 * The audit log, read side (the /system/audit page). Rows are written by every module through
 * lib/audit.ts in the transaction of their change; nothing here changes them.
 */
export const auditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const tags = ['audit'];

  app.get(
    '/audit/index',
    {
      config: { permission: 'system:audit:view' },
      schema: {
        tags,
        summary: 'Audit log, paged, newest first',
        description:
          '`user_id`; `username`: part of the username or the person’s name; `entity`, `action`, ' +
          '`entity_id`: exact. `from`, `to`: calendar days (YYYY-MM-DD), both inclusive, read in the IANA ' +
          'time zone `tz` (default Asia/Shanghai); `from` after `to` is 422. `changed_fields`: the names of ' +
          'the recorded fields.',
        querystring: auditListQuery,
        response: { 200: envelope(page(auditRow)) },
      },
    },
    async (request) => ok(await listAudit(db, request.query)),
  );

  app.get(
    '/audit/detail',
    {
      config: { permission: 'system:audit:view' },
      schema: {
        tags,
        summary: 'One audit row with the values before and after the change',
        description:
          'An update records only the fields that changed; a create has `before` null, a delete `after` ' +
          'null. Sensitive fields (passwords, tokens, secrets) are never recorded. Unknown id 404.',
        querystring: auditDetailQuery,
        response: { 200: envelope(auditDetail) },
      },
    },
    async (request) => ok(await auditDetailOf(db, request.query.id)),
  );

  app.get(
    '/audit/filters',
    {
      config: { permission: 'system:audit:view' },
      schema: {
        tags,
        summary: 'The entities and actions the log holds (options of the page’s filters)',
        response: { 200: envelope(auditFilters) },
      },
    },
    async () => ok(await auditFiltersOf(db)),
  );
};
