import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { envelope, ok } from '../../lib/envelope';
import { dictionaryData, dictionaryDataQuery, MAX_TYPE_IDS } from './dictionaries.schemas';
import { dictionaryDataOf } from './dictionaries.service';

/** Protected: GET /api/auth/dictionarie/data (the contract's spelling). */
export const dictionaryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/dictionarie/data',
    {
      // Every form's selects (region, ID card type, education...) read dictionaries, so any signed-in
      // user may; managing them is what needs a permission.
      config: { permission: null },
      schema: {
        tags: ['dictionaries'],
        summary: 'Enabled items of the given dictionary types, for selects',
        description:
          `\`type_ids\`: comma-separated positive integers, at most ${MAX_TYPE_IDS}. The answer has one ` +
          'key per asked type id; an unknown type answers an empty list. Items are ordered by sort, then id.',
        querystring: dictionaryDataQuery,
        response: { 200: envelope(dictionaryData) },
      },
    },
    async (request) => ok(await dictionaryDataOf(db, request.query.type_ids)),
  );
};
