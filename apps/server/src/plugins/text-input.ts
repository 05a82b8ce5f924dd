import { controlCharactersMessage, hasControlCharacters } from '@dealer-hr/shared/rules';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validationFailed } from '../lib/errors';

const LABEL = '输入内容';

/**
 * The path of the first string (or object key) in a request part that holds a control character other than
 * tab and line breaks, in the field notation of the error envelope (`items.0.name`); undefined when none does.
 * Walked with a stack, not recursion, so a deeply nested body cannot exhaust the call stack.
 */
export function controlCharacterPath(root: unknown): string | undefined {
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (hasControlCharacters(value)) return path;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    for (const [key, member] of Object.entries(value)) {
      const memberPath = path ? `${path}.${key}` : key;
      if (hasControlCharacters(key)) return memberPath;
      pending.push([member, memberPath]);
    }
  }
  return undefined;
}

/**
 * One rule for text, before any route's schema: no string of a body, query or path may carry a control
 * character other than tab and line breaks (PostgreSQL cannot store NUL at all, and none belongs in HR data).
 * Names and codes are stricter still in their own schemas (one line, no control character).
 */
export default fp(
  async function textInput(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      const parts: [unknown, string][] = [
        [request.params, 'params'],
        [request.query, 'querystring'],
        [request.body, 'body'],
      ];
      for (const [value, context] of parts) {
        const path = controlCharacterPath(value);
        if (path !== undefined) {
          throw validationFailed([{ field: path || context, message: controlCharactersMessage(LABEL) }]);
        }
      }
    });
  },
  { name: 'text-input' },
);
