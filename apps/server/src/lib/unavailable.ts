/**
 * Whether a failure means a shared store is away (PostgreSQL restarting, a connection refused or cut, no
 * connection to be had in time), as opposed to a fault of the request or the code: such a request answers
 * 503 so that a client or proxy tries again, and the instance carries on by itself once the store is back.
 */
const UNAVAILABLE_CODES = new Set([
  // Node's sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: connection exceptions (class 08), shutting down or starting up (57P0x), too many connections,
  // a statement cancelled by statement_timeout (the database is too busy to answer in time)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
]);

// node-postgres says these in words only.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection is closed/i;

export function isUnavailable(error: unknown): boolean {
  // Drizzle wraps a failed query (DrizzleQueryError), keeping the driver's error as its cause.
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}
