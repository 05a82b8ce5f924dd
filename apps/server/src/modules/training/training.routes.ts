import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courseDetail as courseDetailSchema,
  courseIdBody,
  courseRow,
  courseStoreBody,
  courseUpdateBody,
  recordsBody,
  trainingPerson,
  trainingSummaryRow,
} from '@dealer-hr/shared/training/contract';
import { importReport } from '@dealer-hr/shared/imports/contract';
import type { AppContext } from '../../app-context';
import { envelope, ok, page } from '../../lib/envelope';
import { actor, signedInActorOf } from '../../plugins/auth';
import { sendExport } from '../exports';
import { lastImportReport } from '../imports';
import {
  courseIdQuery,
  courseListQuery,
  importReportQuery,
  peopleQuery,
  summaryQuery,
} from './training.schemas';
import {
  byArea,
  byStore,
  courseDetail,
  createCourse,
  deleteCourse,
  listCourses,
  peopleToChoose,
  saveRecords,
  updateCourse,
} from './training.service';
import { trainingExport } from './training.sheet';

const tags = ['training'];

/**
 * Protected: training courses and who attended them. A course belongs to an area (region) or a store; every
 * route sees only the courses whose department is inside the caller's data scope.
 */
export const trainingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, imports }) => {
  const exports = trainingExport(db);

  app.get(
    '/training/list',
    {
      config: { permission: 'staff:training:view' },
      schema: {
        tags,
        summary: 'Courses, paged',
        description:
          '`keyword` matches part of the code, name or trainer; `type` exactly; `region_id` the courses of a ' +
          'region and its stores; `store_id` those one store held; `from`/`to` the start dates. Latest first, ' +
          'with the roster, attendance and pass counts.',
        querystring: courseListQuery,
        response: { 200: envelope(page(courseRow)) },
      },
    },
    async (request) => ok(await listCourses(db, await actor(request).scope(), request.query)),
  );

  app.get(
    '/training/area',
    {
      config: { permission: 'staff:training:view' },
      schema: {
        tags,
        summary: 'Training by area',
        description:
          'One line per region the caller may read about: courses held by the region or its stores, their ' +
          'hours, roster, attendance, passes and pass rate (passed / attended). `type`, `from`/`to` filter the ' +
          'courses.',
        querystring: summaryQuery,
        response: { 200: envelope(z.array(trainingSummaryRow)) },
      },
    },
    async (request) => ok(await byArea(db, await actor(request).scope(), request.query)),
  );

  app.get(
    '/training/store',
    {
      config: { permission: 'staff:training:view' },
      schema: {
        tags,
        summary: 'Training by store',
        description:
          'One line per store in the caller’s scope (`region_id` narrows to a region’s): the courses the store ' +
          'held, with the same sums as `training/area`.',
        querystring: summaryQuery,
        response: { 200: envelope(z.array(trainingSummaryRow)) },
      },
    },
    async (request) => ok(await byStore(db, await actor(request).scope(), request.query)),
  );

  app.get(
    '/training/detail',
    {
      config: { permission: 'staff:training:view' },
      schema: {
        tags,
        summary: 'A course with its roster',
        description:
          'Each person with their employee number, where they work now, attendance, score and pass.',
        querystring: courseIdQuery,
        response: { 200: envelope(courseDetailSchema) },
      },
    },
    async (request) => ok(await courseDetail(db, await actor(request).scope(), request.query.id)),
  );

  app.get(
    '/training/people',
    {
      config: { permission: 'staff:training:update' },
      schema: {
        tags,
        summary: 'Staff a roster can take',
        description:
          'People on staff inside the caller’s scope whose name (characters or pinyin), initials or employee ' +
          'number begins with `keyword`; at most 20, by employee number.',
        querystring: peopleQuery,
        response: { 200: envelope(z.array(trainingPerson)) },
      },
    },
    async (request) => ok(await peopleToChoose(db, await actor(request).scope(), request.query.keyword)),
  );

  app.post(
    '/training/course',
    {
      config: { permission: 'staff:training:create' },
      schema: {
        tags,
        summary: 'Add a course',
        description:
          'Held by a region or a store inside the caller’s scope. A code already used answers 409 with ' +
          '`data.errors` on `code`.',
        body: courseStoreBody,
        response: { 200: envelope(courseRow) },
      },
    },
    async (request) =>
      ok(await createCourse(db, signedInActorOf(request), await actor(request).scope(), request.body)),
  );

  app.put(
    '/training/update',
    {
      config: { permission: 'staff:training:update' },
      schema: {
        tags,
        summary: 'Change a course',
        description:
          'Every field again. The course and its new region or store must be inside the caller’s scope.',
        body: courseUpdateBody,
        response: { 200: envelope(courseRow) },
      },
    },
    async (request) =>
      ok(await updateCourse(db, signedInActorOf(request), await actor(request).scope(), request.body)),
  );

  app.put(
    '/training/records',
    {
      config: { permission: 'staff:training:update' },
      schema: {
        tags,
        summary: 'Save who attended a course',
        description:
          '`records` add or change people on the roster (attended, score 0-100, passed, remark); `remove` ' +
          'takes people off. One transaction; answers the course with its roster.',
        body: recordsBody,
        response: { 200: envelope(courseDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await saveRecords(db, signedInActorOf(request), await actor(request).scope(), {
          course_id: request.body.course_id,
          records: request.body.records.map((record) => ({
            employeeId: record.employee_id,
            attended: record.attended,
            score: record.score,
            passed: record.passed,
            remark: record.remark,
          })),
          remove: request.body.remove,
        }),
      ),
  );

  app.delete(
    '/training/destroy',
    {
      config: { permission: 'staff:training:delete' },
      schema: {
        tags,
        summary: 'Delete a course with its roster',
        body: courseIdBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await deleteCourse(db, signedInActorOf(request), await actor(request).scope(), request.body.id)),
  );

  for (const [side, which] of [
    ['success', 'written'],
    ['failure', 'refused'],
  ] as const) {
    app.get(
      `/training/import/${side}`,
      {
        config: { permission: 'staff:training:import' },
        schema: {
          tags,
          summary: `What the caller’s last training import wrote (success) or refused (failure)`,
          description:
            '`kind`: `training-courses` or `training-records`. The last import of that kind the caller ran ' +
            'that has ended: its counts and its first rows (200) as the file had them, refused ones with every ' +
            'problem. `data` is null when there was none.',
          querystring: importReportQuery,
          response: { 200: envelope(importReport.nullable()) },
        },
      },
      async (request) => {
        const { kind } = request.query;
        const report = await lastImportReport(db, actor(request).userId, kind, which);
        const columns = (imports.get(kind)?.columns ?? []).map(({ key, header }) => ({ key, header }));
        return ok(report && { ...report, columns });
      },
    );
  }

  app.get(
    '/training/excel',
    {
      config: { permission: 'staff:training:export' },
      schema: {
        tags,
        summary: 'The course list as an .xlsx file',
        description: 'Same filters as `training/list`, every matching course with its counts.',
        querystring: courseListQuery,
      },
    },
    async (request, reply) =>
      sendExport(request, reply, { db, source: exports }, request.query, 'training.xlsx'),
  );
};
