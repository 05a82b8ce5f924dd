import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  EXCLUSION_KINDS,
  EXCLUSION_SCOPES,
  EXCLUSION_STATUSES,
} from '@dealer-hr/shared/mutual-exclusion/rules';
import { id, timestamps } from './columns';
import { posts } from './organisation';
import { employees } from './people';
import { users } from './system';

/**
 * A mutual-exclusion rule. `people`: its members may not work in the same store (or department, per `scope`).
 * `posts`: one person may not hold `firstPostId` and `secondPostId` together.
 */
export const exclusionRules = pgTable(
  'exclusion_rules',
  {
    id: id(),
    name: text().notNull(),
    kind: text({ enum: EXCLUSION_KINDS }).notNull(),
    scope: text({ enum: EXCLUSION_SCOPES }),
    firstPostId: integer().references(() => posts.id),
    secondPostId: integer().references(() => posts.id),
    description: text().notNull().default(''),
    status: text({ enum: EXCLUSION_STATUSES }).notNull().default('active'),
    createdByUserId: integer().references(() => users.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('exclusion_rules_name_key').on(t.name)],
);

/**
 * A person named by a `people` rule. Candidates are not employees yet, so a member is known by their ID
 * number, sealed like the prohibited list's (AES-GCM, HMAC index); `employeeId` links one already on staff.
 */
export const exclusionMembers = pgTable(
  'exclusion_members',
  {
    id: id(),
    ruleId: integer()
      .notNull()
      .references(() => exclusionRules.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    idNumberSealed: text().notNull(),
    idNumberIndex: text().notNull(),
    idNumberMasked: text().notNull(),
    employeeId: integer().references(() => employees.id),
  },
  (t) => [
    uniqueIndex('exclusion_members_rule_person_key').on(t.ruleId, t.idNumberIndex),
    index('exclusion_members_index_idx').on(t.idNumberIndex),
  ],
);
