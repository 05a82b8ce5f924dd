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
        summary: 'Move the test clock to the start of a day (TEST_CLOCK servers only)',
        description: 'The day begins in the group’s time zone; the catch-up jobs (effective dates) run then.',
        body: z.object({ date: z.iso.date() }),
        response: { 200: envelope(clockAnswer) },
      },
    },
    async (request) => {
      clock.set(startOfDay(request.body.date, config.TIME_ZONE));
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
