import { onboardingMessages } from '@dealer-hr/shared/onboarding';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assignments, employees, onboardingEntries, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import { onUniqueViolation } from '../../lib/pg-errors';
import { pinyinKeys } from '../../lib/pinyin';
import type { Sealer } from '../../lib/sealed-values';
import type { ApprovalBusiness, ApprovalInstance, Decision } from '../approvals/engine';
import { syncPlacement } from '../staff/placement';
import { auditedEmployee, employeeTaken } from '../staff/staff.service';
import { assertHireable, employeeWithIdNumber } from './onboarding.checks';
import { candidateOf, INDUCTION, type OnboardingEntry } from './onboarding.service';

/** The next employee number (E + six or more digits); a transaction lock keeps two approvals from taking one. */
async function nextEmployeeNo(tx: Database): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('employees.employee_no'))`);
  const [row] = await tx
    .select({
      last: sql<number>`coalesce(max(substring(${employees.employeeNo} from 2)::int), 100000)`,
    })
    .from(employees)
    .where(sql`${employees.employeeNo} ~ '^E[0-9]{6,9}$'`);
  return `E${Number(row!.last) + 1}`;
}

async function lockedEntry(tx: Database, instance: ApprovalInstance): Promise<OnboardingEntry> {
  const [entry] = await tx
    .select()
    .from(onboardingEntries)
    .where(eq(onboardingEntries.id, instance.businessId))
    .for('update');
  if (!entry) throw new Error(`onboarding entry ${instance.businessId} of approval ${instance.id} is gone`);
  return entry;
}

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
  const entry = await lockedEntry(tx, instance);
  if (entry.status !== 'pending') return;
  const candidate = candidateOf(sealer, entry);
  await assertHireable(tx, sealer, candidate);
  const contract = entry.contract!;
  const fields = employeeFieldsOf(entry, entry.documents.face);
  const rehired = await employeeWithIdNumber(tx, sealer, candidate.idNumber);

  const [employee] = await onUniqueViolation(accountTaken, async () =>
    rehired
      ? tx.update(employees).set(fields).where(eq(employees.id, rehired.id)).returning()
      : tx
          .insert(employees)
          .values({ ...fields, employeeNo: await nextEmployeeNo(tx) })
          .returning(),
  );
  await writeAudit(tx, decision.actor, {
    entity: 'employee',
    entityId: employee!.id,
    action: rehired ? 'rehire' : 'create',
    after: auditedEmployee(employee!),
  });

  await tx.insert(assignments).values({
    employeeId: employee!.id,
    departmentId: entry.departmentId,
    storeId: entry.storeId,
    postId: entry.postId,
    isMain: true,
    startDate: contract.entry_date,
  });
  await syncPlacement(tx, employee!.id);

  const account = {
    username: contract.username,
    passwordHash: entry.passwordHash!,
    name: entry.name,
    isSale: contract.is_sale,
    status: 'active' as const,
    frozenReason: null,
    frozenAt: null,
    deletedAt: null,
  };
  const [user] = await onUniqueViolation(accountTaken, () =>
    tx
      .insert(users)
      .values({ ...account, employeeId: employee!.id })
      // A rehired person's old account opens again with the new name and password.
      .onConflictDoUpdate({ target: users.employeeId, set: account })
      .returning({ id: users.id, username: users.username }),
  );
  await writeAudit(tx, decision.actor, {
    entity: 'user',
    entityId: user!.id,
    action: 'create',
    after: { id: user!.id, username: user!.username, employeeId: employee!.id, isSale: contract.is_sale },
  });

  await tx
    .update(onboardingEntries)
    .set({ status: 'approved', employeeId: employee!.id, approvedAt: new Date() })
    .where(and(eq(onboardingEntries.id, entry.id), eq(onboardingEntries.status, 'pending')));
  await writeAudit(tx, decision.actor, { entity: 'onboarding', entityId: entry.id, action: 'approve' });
}

/** A rejection or withdrawal hands the entry back: `returned` with the approver's comment, or a draft again. */
async function handBack(tx: Database, instance: ApprovalInstance, decision: Decision, rejected: boolean) {
  const entry = await lockedEntry(tx, instance);
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

/** Onboarding's part in the approval engine: `inductionfirst`. */
export const onboardingBusiness = (sealer: Sealer): ApprovalBusiness => ({
  type: INDUCTION,
  // The applicant follows the outcome on the entry itself (a rejection is refilled there).
  link: (instance) => `/managingpeople/enrollmententry?id=${instance.businessId}`,
  onApproved: (tx, instance, decision) => completeOnboarding(tx, sealer, instance, decision),
  onRejected: (tx, instance, decision) => handBack(tx, instance, decision, true),
  onWithdrawn: (tx, instance, decision) => handBack(tx, instance, decision, false),
});
