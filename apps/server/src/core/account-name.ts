import { sql } from 'drizzle-orm';
import { employees, users } from '../db/schema';

/**
 * An account's display name in SQL: its employee's name when linked (the seeded admin has none). Pass aliased
 * tables when one query names several people (an applicant and an approver); the employee is left-joined.
 */
export const accountNameOf = (account: typeof users = users, person: typeof employees = employees) =>
  sql<string>`coalesce(${person.name}, ${account.name})`;
