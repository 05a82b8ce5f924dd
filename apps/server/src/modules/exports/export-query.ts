import type { ExportSource } from '../../core/exports';
import { validationFailed } from '../../lib/errors';

/**
 * The list's filters, sent as its query string, read by the list's own schema the way Fastify reads a
 * query string (a repeated key keeps its last value). A wrong filter answers 422 on `query`.
 */
export function parseExportQuery<Query>(source: ExportSource<Query>, query: string): Query {
  const fields = Object.fromEntries(new URLSearchParams(query));
  const parsed = source.query.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw validationFailed(
    parsed.error.issues.map((issue) => ({
      field: ['query', ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  );
}
