import { DictType } from '@dealer-hr/shared/dictionary-types';
import type { ResignationDetail } from '@dealer-hr/shared/resignation/contract';
import { OPEN_DISPATCH_STATUSES } from '@dealer-hr/shared/dispatch/rules';
import { OPEN_RESIGNATION_STATUSES } from '@dealer-hr/shared/resignation/rules';
import { OPEN_TRANSFER_STATUSES } from '@dealer-hr/shared/transfers/rules';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import { expect } from 'vitest';
import { dictionaryItems, dispatches, employees, jobTransfers, resignations } from '../db/schema';
import type { Call } from './api';
import type { TestApp } from './app';
import { flowApprovedBy } from './flows';

// What the resignation and handover tests share: one approver they control, the dictionary items a filing
// names, and a resignation filed and approved in one step.

/** The `resignation` flow asks one person only: `username` (the tests' store manager). */
export const resignationsApprovedBy = (t: TestApp, username: string) =>
  flowApprovedBy(t, 'resignation', username);

const itemOf = async (t: TestApp, typeId: number, code: string) =>
  (
    await t.db
      .select({ id: dictionaryItems.id })
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.typeId, typeId), eq(dictionaryItems.code, code)))
  )[0]!.id;

/** A reason (dictionary 52) and a destination (53) a filing can name. */
export const leavingItems = async (t: TestApp) => ({
  reason: await itemOf(t, DictType.LEAVING_REASON, 'career_development'),
  destination: await itemOf(t, DictType.LEAVING_DESTINATION, 'competitor'),
});

/**
 * Files a voluntary resignation (as the caller's default user) and has `approver` approve it through the
 * approval centre; answers its id.
 */
export async function fileApproved(
  call: Call,
  approver: string,
  body: {
    employee_id: number;
    reason_id: number;
    destination_id: number;
    applied_on: string;
    last_day: string;
  },
): Promise<number> {
  const filed = await call<ResignationDetail>('POST', 'resign/store', {
    type: 'voluntary',
    explanation: '个人发展',
    ...body,
  });
  expect(filed.code, filed.message).toBe(200);
  const { data } = await call<ResignationDetail>(
    'GET',
    `resign/detail?id=${filed.data.id}`,
    undefined,
    approver,
  );
  const approved = await call('POST', 'approval/task/approve', { id: data.approval!.task_id }, approver);
  expect(approved.code, approved.message).toBe(200);
  return filed.data.id;
}

/**
 * A condition on `employees`: nobody a demo story is moving or has filed already (an open resignation, transfer
 * or dispatch refuses a new resignation).
 */
export const freeToResign = (t: TestApp) =>
  and(
    ...(
      [
        [resignations, resignations.employeeId, resignations.status, OPEN_RESIGNATION_STATUSES],
        [jobTransfers, jobTransfers.employeeId, jobTransfers.status, OPEN_TRANSFER_STATUSES],
        [dispatches, dispatches.employeeId, dispatches.status, OPEN_DISPATCH_STATUSES],
      ] as const
    ).map(([table, employeeId, status, open]) =>
      notExists(
        t.db
          .select({ id: employeeId })
          .from(table)
          .where(and(eq(employeeId, employees.id), inArray(status, [...open]))),
      ),
    ),
  );
