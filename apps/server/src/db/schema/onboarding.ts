import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ONBOARDING_STATUSES, type OnboardingDocument } from '@dealer-hr/shared/onboarding/rules';
import { approvalInstances } from './approvals';
import { id, timestamps } from './columns';
import { departments, posts, stores } from './organisation';
import { employees } from './people';
import { dictionaryItems, users } from './system';

/** The personal-data step as saved (the shared rules of docs/domain.md "Form rules" checked it). */
export interface OnboardingPersonal {
  gender: 'male' | 'female';
  email: string;
  birth_date: string | null;
  height: number;
  ethnicity_id: number;
  marital_status_id: number;
  education_id: number;
  college: string;
  region_id: number;
  has_license_id: number | null;
}

/** The post-and-contract step as saved; the initial password is kept hashed beside it, never here. */
export interface OnboardingContract {
  entry_date: string;
  employee_type_id: number;
  probation_months: number;
  contract_start: string;
  contract_end: string;
  username: string;
  is_sale: boolean;
}

/**
 * A candidate's onboarding, from `start` to the approval that creates the employee. The fields `start` asks
 * for (who, where) are columns: the list filters and checks them. The later steps are kept as their forms
 * were saved; the documents are uploads owned by the entry (`uploads.owner_type = 'onboarding'`).
 */
export const onboardingEntries = pgTable(
  'onboarding_entries',
  {
    id: id(),
    status: text({ enum: ONBOARDING_STATUSES }).notNull().default('draft'),
    name: text().notNull(),
    phone: text().notNull(),
    idTypeId: integer()
      .notNull()
      .references(() => dictionaryItems.id),
    /** Sealed like an employee's (docs/decisions.md); the entry's own form is where it is shown whole. */
    idNumberSealed: text().notNull(),
    idNumberIndex: text().notNull(),
    idNumberMasked: text().notNull(),
    storeId: integer()
      .notNull()
      .references(() => stores.id),
    /** The store's own node until the contract step picks a department inside the store. */
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    personal: jsonb().$type<OnboardingPersonal>(),
    documents: jsonb().$type<Partial<Record<OnboardingDocument, number>>>().notNull().default({}),
    contract: jsonb().$type<OnboardingContract>(),
    passwordHash: text(),
    /** The approver's comment of the last rejection, shown until the entry is submitted again. */
    returnComment: text(),
    instanceId: integer().references(() => approvalInstances.id),
    employeeId: integer().references(() => employees.id),
    createdByUserId: integer()
      .notNull()
      .references(() => users.id),
    submittedAt: timestamp({ withTimezone: true }),
    approvedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One open onboarding per person: two HR staff cannot start the same candidate twice.
    uniqueIndex('onboarding_open_id_number_key')
      .on(t.idNumberIndex)
      .where(sql`${t.status} <> 'approved'`),
    index('onboarding_status_idx').on(t.status, t.createdAt),
    index('onboarding_department_idx').on(t.departmentId),
    index('onboarding_store_idx').on(t.storeId),
  ],
);
