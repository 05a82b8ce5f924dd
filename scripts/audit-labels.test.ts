import { readFileSync } from 'node:fs';
import { getTableColumns, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditEntity } from '../packages/shared/src/audit/rules';
import * as schema from '../apps/server/src/db/schema';

// The audit log shows every kind of record, action and field by its label, in every language. Entities
// and actions are the shared lists the server's writes are typed with; fields are the columns of the
// tables whose rows the services record, plus the few keys they add beside them.

const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;

interface AuditLocale {
  entities: Record<string, string>;
  actions: Record<string, string>;
  fields: Record<string, string>;
}

const localeOf = (language: string): AuditLocale =>
  JSON.parse(
    readFileSync(new URL(`../apps/web/src/locales/${language}/audit.json`, import.meta.url), 'utf8'),
  ) as AuditLocale;

/** The table whose rows each entity records; grants and test requests record id lists of their own. */
const tableOf: Partial<Record<AuditEntity, Table>> = {
  approval_flow: schema.approvalFlows,
  department: schema.departments,
  dictionary_type: schema.dictionaryTypes,
  dictionary_item: schema.dictionaryItems,
  employee: schema.employees,
  exclusion_rule: schema.exclusionRules,
  headcount_plan: schema.headcountPlans,
  menu: schema.menus,
  onboarding: schema.onboardingEntries,
  post: schema.posts,
  prohibited_entry: schema.prohibitedEntries,
  role: schema.roles,
  store: schema.stores,
  user: schema.users,
};

/** Columns the audit log never keeps: secrets, sealed values and search keys (lib/audit.ts, sealed-values). */
const neverRecorded = new Set([
  'passwordHash',
  'idNumberSealed',
  'idNumberIndex',
  'idNumberMasked',
  'namePinyin',
  'nameInitials',
]);

/** Keys the services record beside a row's columns: the masked ID number, grants, freeze and export filters. */
const addedKeys = [
  'idNumber',
  'revokedSessions',
  'sessionsEnded',
  'thawReason',
  'menu_ids',
  'role_ids',
  'keyword',
  'phone',
  'id_number',
  'store_id',
  'department_id',
  'post_id',
  'status',
  'employee_type_id',
  'entry_from',
  'entry_to',
];

const recordedFields = [
  ...new Set([
    ...Object.values(tableOf).flatMap((table) => Object.keys(getTableColumns(table))),
    ...addedKeys,
  ]),
].filter((field) => !neverRecorded.has(field));

describe('audit labels', () => {
  for (const language of LANGUAGES) {
    it(`names every entity, action and recorded field in ${language}`, () => {
      const locale = localeOf(language);
      const missing = [
        ...AUDIT_ENTITIES.filter((entity) => !locale.entities[entity]).map((key) => `entities.${key}`),
        ...AUDIT_ACTIONS.filter((action) => !locale.actions[action]).map((key) => `actions.${key}`),
        ...recordedFields.filter((field) => !locale.fields[field]).map((key) => `fields.${key}`),
      ];
      expect(missing).toEqual([]);
    });
  }

  it('covers every entity with a table or says why not', () => {
    const withoutTable = AUDIT_ENTITIES.filter((entity) => !tableOf[entity]);
    expect(withoutTable).toEqual(['approval_test_request', 'post_roles', 'role_menus', 'user_roles']);
  });
});
