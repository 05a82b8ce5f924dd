import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clockPoint,
  clockPointIdBody,
  clockPointStoreBody,
  clockPointUpdateBody,
  fenceCheckAnswer,
  fenceCheckBody,
} from '@dealer-hr/shared/attendance/contract';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import { actor } from '../../plugins/auth';
import { clockPointListQuery } from './coordinates.schemas';
import {
  checkFence,
  createClockPoint,
  destroyClockPoint,
  listClockPoints,
  updateClockPoint,
} from './coordinates.service';

const tags = ['attendance'];
const point = { 200: envelope(clockPoint) };

/**
 * Protected: the clock-in points of the stores (`clock/coordinates/*`), in the caller's scope. A position is
 * entered in the datum of the map it was read from and measured in WGS-84.
 */
export const clockPointRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/clock/coordinates/index',
    {
      config: { permission: 'attendance:coordinates:view' },
      schema: {
        tags,
        summary: 'Clock-in points, paged',
        description:
          '`store_id` exactly; `keyword` part of the point’s or the store’s name. By store, then name.',
        querystring: clockPointListQuery,
        response: { 200: envelope(page(clockPoint)) },
      },
    },
    async (request) => ok(await listClockPoints(db, await actor(request).scope(), request.query)),
  );

  app.post(
    '/clock/coordinates/store',
    {
      config: { permission: 'attendance:coordinates:create' },
      schema: {
        tags,
        summary: 'Add a clock-in point to a store',
        description:
          'Name (unique in the store: 409 on `name`), latitude and longitude in `datum` (`wgs84` or `gcj02`), ' +
          'radius 100-3000 m (300 by default).',
        body: clockPointStoreBody,
        response: point,
      },
    },
    async (request) =>
      ok(await createClockPoint(db, await actor(request).scope(), auditActorOf(request), request.body)),
  );

  app.put(
    '/clock/coordinates/update',
    {
      config: { permission: 'attendance:coordinates:update' },
      schema: { tags, summary: 'Change a clock-in point', body: clockPointUpdateBody, response: point },
    },
    async (request) =>
      ok(await updateClockPoint(db, await actor(request).scope(), auditActorOf(request), request.body)),
  );

  app.delete(
    '/clock/coordinates/destroy',
    {
      config: { permission: 'attendance:coordinates:delete' },
      schema: {
        tags,
        summary: 'Remove a clock-in point',
        body: clockPointIdBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await destroyClockPoint(db, await actor(request).scope(), auditActorOf(request), request.body.id);
      return ok({ id: request.body.id });
    },
  );

  app.post(
    '/clock/coordinates/check',
    {
      config: { permission: 'attendance:coordinates:view' },
      schema: {
        tags,
        summary: 'Is a position inside a store’s fence?',
        description:
          'The nearest enabled point of the store, the distance to it in whole metres (great circle, WGS-84; a ' +
          'GCJ-02 position is converted first) and whether the position is inside any enabled point’s radius.',
        body: fenceCheckBody,
        response: { 200: envelope(fenceCheckAnswer) },
      },
    },
    async (request) => ok(await checkFence(db, await actor(request).scope(), request.body)),
  );
};
