import { DictType } from '@dealer-hr/shared/dictionary-types';
import { onboardingMessages } from '@dealer-hr/shared/onboarding/rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { departments, dictionaryItems, onboardingEntries, posts, stores } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import { pinyinKeys } from '../../lib/pinyin';
import type { Sealer } from '../../lib/sealed-values';
import {
  fact,
  lockedBusinessRow,
  type ApprovalBusiness,
  type ApprovalInstance,
  type Decision,
} from '../approvals';
import { employeeTaken, hire, openAccount, rehire, startAssignment } from '../employment';
import { assertHireable, employeeWithIdNumber } from './onboarding.checks';
import { candidateOf, INDUCTION, type OnboardingEntry } from './onboarding.service';

/** The employee's fields from the entry's steps (the same for a new hire and a rehire). */
function employeeFieldsOf(entry: OnboardingEntry, faceUploadId: number | undefined) {
  const personal = entry.personal!;
  const contract = entry.contract!;
  const keys = pinyinKeys(entry.name);
  return {
    name: entry.name,
    namePinyin: keys.pinyin,
    nameInitials: keys.initials,
    phone: entry.phone,
    email: personal.email,
    gender: personal.gender,
    idTypeId: entry.idTypeId,
    // Sealed with the same key and normalised alike: the entry's columns are the employee's as they are.
    idNumberSealed: entry.idNumberSealed,
    idNumberIndex: entry.idNumberIndex,
    idNumberMasked: entry.idNumberMasked,
    birthDate: personal.birth_date,
    height: personal.height,
    ethnicityId: personal.ethnicity_id,
    maritalStatusId: personal.marital_status_id,
    educationId: personal.education_id,
    college: personal.college,
    regionId: personal.region_id,
    employeeTypeId: contract.employee_type_id,
    hasLicenseId: personal.has_license_id,
    status: contract.probation_months > 0 ? ('probation' as const) : ('regular' as const),
    entryDate: contract.entry_date,
    leftOn: null,
    faceUrl: faceUploadId ? `/api/auth/upload/file/${faceUploadId}` : null,
  };
}

const accountTaken = (constraint: string | undefined) =>
  constraint === 'users_username_key'
    ? conflict(onboardingMessages.usernameTaken, {
        errors: [{ field: 'username', message: onboardingMessages.usernameTaken }],
      })
    : employeeTaken(constraint);

/**
 * The final approval's effect, inside the engine's transaction: the employee (a resigned one with the same
 * ID number is rehired on their record, keeping their number and history), the main assignment, the login
 * account, and the entry marked approved. Any failure rolls all of it back with the approval itself; the
 * checks of `start` run once more, so a person listed or hired meanwhile is refused here (409).
 */
async function completeOnboarding(
  tx: Database,
  sealer: Sealer,
  instance: ApprovalInstance,
  decision: Decision,
) {
  const entry = await lockedBusinessRow(tx, onboardingEntries, instance);
  if (entry.status !== 'pending') return;
  const candidate = candidateOf(sealer, entry);
  await assertHireable(tx, sealer, candidate);
  const contract = entry.contract!;
  const fields = employeeFieldsOf(entry, entry.documents.face);
  const rehired = await employeeWithIdNumber(tx, sealer, candidate.idNumber);

  const employee = rehired
    ? await rehire(tx, decision.actor, rehired.id, fields, accountTaken)
    : await hire(tx, decision.actor, fields, accountTaken);
  await startAssignment(tx, {
    employeeId: employee.id,
    departmentId: entry.departmentId,
    storeId: entry.storeId,
    postId: entry.postId,
    isMain: true,
    startDate: contract.entry_date,
  });
  await openAccount(
    tx,
    decision.actor,
    {
      employeeId: employee.id,
      username: contract.username,
      passwordHash: entry.passwordHash!,
      name: entry.name,
      isSale: contract.is_sale,
    },
    // A rehired person's old account opens again with the new name and password.
    { reopen: true, taken: accountTaken },
  );

  await tx
    .update(onboardingEntries)
    .set({ status: 'approved', employeeId: employee.id, approvedAt: new Date() })
    .where(and(eq(onboardingEntries.id, entry.id), eq(onboardingEntries.status, 'pending')));
  await writeAudit(tx, decision.actor, { entity: 'onboarding', entityId: entry.id, action: 'approve' });
}

/** A rejection or withdrawal hands the entry back: `returned` with the approver's comment, or a draft again. */
async function handBack(tx: Database, instance: ApprovalInstance, decision: Decision, rejected: boolean) {
  const entry = await lockedBusinessRow(tx, onboardingEntries, instance);
  if (entry.status !== 'pending') return;
  await tx
    .update(onboardingEntries)
    .set(rejected ? { status: 'returned', returnComment: decision.comment } : { status: 'draft' })
    .where(eq(onboardingEntries.id, entry.id));
  await writeAudit(tx, decision.actor, {
    entity: 'onboarding',
    entityId: entry.id,
    action: rejected ? 'reject' : 'withdraw',
  });
}

/**
 * What the approver of a hire decides on: the person (the number masked), where and as what they start, and
 * their contract. The entry's own page shows the rest (documents, the personal step).
 */
async function onboardingFacts(db: Database, instance: ApprovalInstance) {
  const [row] = await db
    .select({ entry: onboardingEntries, store: stores.name, department: departments.name, post: posts.name })
    .from(onboardingEntries)
    .innerJoin(stores, eq(stores.id, onboardingEntries.storeId))
    .innerJoin(departments, eq(departments.id, onboardingEntries.departmentId))
    .innerJoin(posts, eq(posts.id, onboardingEntries.postId))
    .where(eq(onboardingEntries.id, instance.businessId));
  if (!row) return [];
  const { entry } = row;
  const contract = entry.contract;
  const items = await db
    .select({ id: dictionaryItems.id, name: dictionaryItems.name })
    .from(dictionaryItems)
    .where(inArray(dictionaryItems.id, [entry.idTypeId, ...(contract ? [contract.employee_type_id] : [])]));
  const item = (id: number | undefined) => items.find((candidate) => candidate.id === id) ?? null;
  return [
    fact.text('person_name', entry.name),
    fact.dictionary('id_type', DictType.ID_CARD, item(entry.idTypeId)),
    fact.text('id_number', entry.idNumberMasked),
    fact.text('phone', entry.phone),
    fact.text('store', row.store),
    fact.text('department', row.department),
    fact.text('post', row.post),
    fact.date('entry_date', contract?.entry_date ?? null),
    fact.dictionary('employee_type', DictType.EMPLOYEE_TYPE, item(contract?.employee_type_id)),
    fact.number('probation_months', contract?.probation_months ?? null),
    fact.date('contract_start', contract?.contract_start ?? null),
    fact.date('contract_end', contract?.contract_end ?? null),
  ];
}

/** Onboarding's part in the approval engine: `inductionfirst`. */
export const onboardingBusiness = (sealer: Sealer): ApprovalBusiness => ({
  type: INDUCTION,
  // The applicant follows the outcome on the entry itself (a rejection is refilled there).
  link: (instance) => `/managingpeople/enrollmententry?id=${instance.businessId}`,
  onApproved: (tx, instance, decision) => completeOnboarding(tx, sealer, instance, decision),
  onRejected: (tx, instance, decision) => handBack(tx, instance, decision, true),
  onWithdrawn: (tx, instance, decision) => handBack(tx, instance, decision, false),
  facts: onboardingFacts,
});
