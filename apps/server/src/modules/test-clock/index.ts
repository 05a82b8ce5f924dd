import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { dayOf, type AdjustableClock } from '../../core/clock';
import { startOfDay } from '../../lib/day-range';
import { envelope, ok } from '../../lib/envelope';

const clockAnswer = z.object({ now: z.string(), today: z.string() });

/**
 * `GET/PUT /api/test/clock`: the business clock of a server started with TEST_CLOCK=1 (browser tests), never
 * registered otherwise. Moving it to a day runs the jobs that apply what is due, as midnight would.
 */
export const testClockRoutes: FastifyPluginAsyncZod<AppContext & { clock: AdjustableClock }> = async (
  app,
  { clock, config },
) => {
  const answer = () => {
    const now = clock.now();
    return { now: now.toISOString(), today: dayOf(now, config.TIME_ZONE) };
  };
  app.get(
    '/test/clock',
    {
      schema: {
        tags: ['test'],
        summary: 'The test clock (TEST_CLOCK servers only)',
        response: { 200: envelope(clockAnswer) },
      },
    },
    async () => ok(answer()),
  );
  app.put(
    '/test/clock',
    {
      schema: {
        tags: ['test'],
        summary: 'Move the test clock to a day, at its start or a time (TEST_CLOCK servers only)',
        description:
          'The day begins in the group’s time zone; `time` (HH:mm) moves on to that time of it (a clock-in at ' +
          '08:55). The catch-up jobs (effective dates) run then.',
        body: z.object({ date: z.iso.date(), time: z.iso.time({ precision: -1 }).optional() }),
        response: { 200: envelope(clockAnswer) },
      },
    },
    async (request) => {
      const [hours = 0, minutes = 0] = (request.body.time ?? '00:00').split(':').map(Number);
      clock.set(
        new Date(startOfDay(request.body.date, config.TIME_ZONE).getTime() + (hours * 60 + minutes) * 60_000),
      );
      await app.jobRunner.catchUp();
      return ok(answer());
    },
  );

  app.delete(
    '/test/clock',
    {
      schema: {
        tags: ['test'],
        summary: 'Put the test clock back to real time (TEST_CLOCK servers only)',
        description: 'What it applied while moved stays applied.',
        response: { 200: envelope(clockAnswer) },
      },
    },
    async () => {
      clock.reset();
      return ok(answer());
    },
  );
};
