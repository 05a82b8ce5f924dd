import type { FieldError } from '@dealer-hr/shared';
import { onboardingMessages } from '@dealer-hr/shared/onboarding/rules';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { employees, onboardingEntries } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { Sealer } from '../../lib/sealed-values';
import { checkPlacement } from '../mutual-exclusion';
import { findListed } from '../prohibited';

/** The person and the place an onboarding is for, as the refusal checks read them. */
export interface Candidate {
  idNumber: string;
  phone: string;
  storeId: number;
  departmentId: number;
  postId: number;
  /** The entry being checked again (at a step or at submission): it never blocks itself. */
  entryId?: number;
}

/** The employee with this ID number, whatever their status: a resigned one is rehired on the same record. */
export async function employeeWithIdNumber(db: Database, sealer: Sealer, idNumber: string) {
  const [employee] = await db
    .select({ id: employees.id, status: employees.status })
    .from(employees)
    .where(eq(employees.idNumberIndex, sealer.blindIndex(idNumber)))
    .limit(1);
  return employee;
}

/**
 * Every reason this person may not be hired into this place, each on the field it concerns: the prohibited
 * list (with the list's reason), an employee on staff with the ID number or the phone, another open
 * onboarding of the person, and the mutual-exclusion rules (each rule's own sentence).
 */
export async function refusalsOf(db: Database, sealer: Sealer, candidate: Candidate): Promise<FieldError[]> {
  const refusals: FieldError[] = [];
  const listed = await findListed(db, sealer, candidate.idNumber);
  if (listed)
    refusals.push({
      field: 'id_number',
      message: `${onboardingMessages.prohibited}：${listed.disable_reason}`,
    });

  const employee = await employeeWithIdNumber(db, sealer, candidate.idNumber);
  if (employee && employee.status !== 'resigned')
    refusals.push({ field: 'id_number', message: onboardingMessages.employeeIdNumber });
  const [phoneHolder] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.phone, candidate.phone), ne(employees.status, 'resigned')))
    .limit(1);
  if (phoneHolder) refusals.push({ field: 'phone', message: onboardingMessages.employeePhone });

  const [open] = await db
    .select({ id: onboardingEntries.id })
    .from(onboardingEntries)
    .where(
      and(
        eq(onboardingEntries.idNumberIndex, sealer.blindIndex(candidate.idNumber)),
        ne(onboardingEntries.status, 'approved'),
        candidate.entryId === undefined ? undefined : ne(onboardingEntries.id, candidate.entryId),
      ),
    )
    .limit(1);
  if (open) refusals.push({ field: 'id_number', message: onboardingMessages.openEntry });

  const violations = await checkPlacement(db, sealer, {
    idNumber: candidate.idNumber,
    employeeId: employee?.id ?? null,
    storeId: candidate.storeId,
    departmentId: candidate.departmentId,
    postIds: [candidate.postId],
  });
  for (const violation of violations) refusals.push({ field: 'post_id', message: violation.message });
  return refusals;
}

/** 409 with the first reason as the message and every reason on its field; nothing when the person is clear. */
export async function assertHireable(db: Database, sealer: Sealer, candidate: Candidate): Promise<void> {
  const refusals = await refusalsOf(db, sealer, candidate);
  if (refusals.length > 0) throw conflict(refusals[0]!.message, { errors: refusals });
}
