import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  distributionAnswer,
  distributionQuery,
  nodeQuery,
  periodQuery,
  polylineAnswer,
  polylineQuery,
  postTreeAnswer,
  prohibitedAnswer,
  resignAnswer,
  transferAnswer,
  turnoverAnswer,
  turnoverQuery,
  vacancyAnswer,
  yearAnswer,
  yearQuery,
} from '@dealer-hr/shared/statistics/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { scopeKeyOf, type Scope } from '../../core/scope';
import { envelope } from '../../lib/envelope';
import { EpochCache } from '../../lib/epoch-cache';
import { keptOk, type KeptOk } from '../../lib/kept-answers';
import { actor } from '../../plugins/auth';
import { DISTRIBUTIONS, distribution } from './distribution.service';
import { prohibitedReport, resignReport, transferReport } from './reports.service';
import { polyline, turnover, yearView } from './statistics.service';
import { postTree, vacancy } from './vacancy.service';

const tags = ['statistics'];

/** Any statistics page lets its holder read the figures (the overview shows most of them). */
const permission = [
  'statistics:overview:view',
  'statistics:turnover:view',
  'statistics:vacancy:view',
  'statistics:resign:view',
  'statistics:distribution:view',
];

const scopeNote =
  'Counts only what lies inside the caller’s data scope; `department_id` narrows to a node of the tree ' +
  '(a node outside the scope answers 404). Definitions: docs/statistics.md.';

const distributionSummaries = {
  education: 'People on staff by education',
  sex: 'People on staff by sex',
  age: 'People on staff by age band',
  tenure: 'People on staff by tenure band',
} as const;

/** Protected: the statistics pages' figures (`statistic/*`), each also exported as a job. */
export const statisticsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, today, config }) => {
  // An answer is kept per question, data scope and day until a figure it shows could have changed (the
  // `statistics` epoch, raised by every table a statistic counts or names): the group's figures take a pass
  // over every assignment, and the overview, the workbench and each page ask for them again and again
  // (docs/decisions.md "Statistics: counted from the assignments at query time").
  const answers = new EpochCache<string, KeptOk<unknown>>(2_000);
  const kept = async <Data>(
    request: FastifyRequest,
    compute: (scope: Scope) => Promise<Data>,
  ): Promise<KeptOk<Data>> => {
    const caller = actor(request);
    const scope = await caller.scope();
    const key = `${request.routeOptions.url} ${today()} ${scopeKeyOf(scope)} ${JSON.stringify(request.query)}`;
    return answers.get(caller.epochs.statistics, key, async () => keptOk(await compute(scope))) as Promise<
      KeptOk<Data>
    >;
  };

  app.get(
    '/statistic/turnover',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Turnover by period (and group): headcounts, hires, leavers and both rate forms',
        description:
          'Periods cut the months `start`..`end` (default: this year to this month) by `granularity`. ' +
          '`rate_end` = leavers / (leavers + headcount at the end); `rate_average` = leavers / ((start + end) ' +
          '/ 2); `new_employee_rate` = leavers with under a year of service / hires. `dimension` adds rows ' +
          'per region, store, department or post; `transfer_out` counts a move to another store as a leaver ' +
          'of the store left. ' +
          scopeNote,
        querystring: turnoverQuery,
        response: { 200: envelope(turnoverAnswer) },
      },
    },
    async (request) => kept(request, (scope) => turnover(db, scope, today, request.query)),
  );

  app.get(
    '/statistic/polyline',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Trend lines: headcount at each month’s end, hires, leavers and turnover, 12 or 24 months',
        description: scopeNote,
        querystring: polylineQuery,
        response: { 200: envelope(polylineAnswer) },
      },
    },
    async (request) => kept(request, (scope) => polyline(db, scope, today, request.query)),
  );

  app.get(
    '/statistic/year',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'A year’s hires and leavers by month',
        description: scopeNote,
        querystring: yearQuery,
        response: { 200: envelope(yearAnswer) },
      },
    },
    async (request) => kept(request, (scope) => yearView(db, scope, today, request.query)),
  );

  app.get(
    '/statistic/vacancy',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Vacancy per store x post: planned against held, never below 0, with rates',
        description:
          '`vacancy` = max(planned - held, 0) per cell; totals sum the cells, so an over-filled post fills ' +
          'no other. ' +
          scopeNote,
        querystring: nodeQuery,
        response: { 200: envelope(vacancyAnswer) },
      },
    },
    async (request) => kept(request, (scope) => vacancy(db, scope, today, request.query)),
  );

  app.get(
    '/statistic/post/tree',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The department tree with people on staff, plan and vacancies per node (posts at stores)',
        description: scopeNote,
        querystring: nodeQuery,
        response: { 200: envelope(postTreeAnswer) },
      },
    },
    async (request) => kept(request, (scope) => postTree(db, scope, today, request.query)),
  );

  app.get(
    '/statistic/resign',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Completed resignations by reason, destination, type, tenure band and month',
        description: scopeNote,
        querystring: periodQuery,
        response: { 200: envelope(resignAnswer) },
      },
    },
    async (request) => kept(request, (scope) => resignReport(db, scope, today, request.query)),
  );

  app.get(
    '/statistic/transfer',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Effective transfers by type, between stores and by month',
        description: scopeNote,
        querystring: periodQuery,
        response: { 200: envelope(transferAnswer) },
      },
    },
    async (request) => kept(request, (scope) => transferReport(db, scope, today, request.query)),
  );

  app.get(
    '/statistic/prohibited',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Prohibited-list additions (by source) and lifts by month',
        description:
          'The list is the group’s: a caller with a narrower scope, or a node, counts the entries added by ' +
          'resignations inside it.',
        querystring: periodQuery,
        response: { 200: envelope(prohibitedAnswer) },
      },
    },
    async (request) =>
      kept(request, (scope) => prohibitedReport(db, scope, today, config.TIME_ZONE, request.query)),
  );

  for (const of of DISTRIBUTIONS)
    app.get(
      `/statistic/${of}`,
      {
        config: { permission },
        schema: {
          tags,
          summary: distributionSummaries[of],
          description: `The people whose main assignment is open on \`date\` (default today). ${scopeNote}`,
          querystring: distributionQuery,
          response: { 200: envelope(distributionAnswer) },
        },
      },
      async (request) => kept(request, (scope) => distribution(db, scope, today, request.query, of)),
    );
};
