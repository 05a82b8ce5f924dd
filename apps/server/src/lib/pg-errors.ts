// A check in code cannot close every gap: two requests may both pass "is this code still free?", and a
// table added later may name a row that a "still in use?" check does not know about. The database's own
// constraint then refuses the change; these helpers turn that refusal into the answer the check gives,
// instead of a 500.

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

interface DatabaseError {
  /** The SQLSTATE, e.g. '23505'. */
  code: string;
  /** The constraint that refused the row, when the driver names it. */
  constraint?: string;
}

/** How deep a cause chain is followed: drizzle wraps the driver's error once; more would be a loop. */
const MAX_CAUSES = 5;

/** The PostgreSQL error behind a failed query, also when drizzle keeps it as the `cause` of its own. */
export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < MAX_CAUSES; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = cause;
  }
  return undefined;
}

async function answeringSqlState<T>(
  sqlState: string,
  answer: (constraint: string | undefined) => Error,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const refused = databaseErrorOf(error);
    if (refused?.code === sqlState) throw answer(refused.constraint);
    throw error;
  }
}

/** Runs `work`; when a unique index refuses it, throws `answer(constraint)` instead. */
export const onUniqueViolation = <T>(
  answer: (constraint: string | undefined) => Error,
  work: () => Promise<T>,
): Promise<T> => answeringSqlState(UNIQUE_VIOLATION, answer, work);

/** Runs `work`; when a foreign key refuses it (a row still referenced), throws `answer(constraint)` instead. */
export const onForeignKeyViolation = <T>(
  answer: (constraint: string | undefined) => Error,
  work: () => Promise<T>,
): Promise<T> => answeringSqlState(FOREIGN_KEY_VIOLATION, answer, work);
