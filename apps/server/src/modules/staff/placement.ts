import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assignments, employees } from '../../db/schema';

/**
 * Copies onto the employee where they work: their open main assignment, else the last main one. Every
 * change of assignments (onboarding, transfer, resignation, dispatch) calls it in its own transaction, so
 * the directory's placement columns never disagree with the history.
 */
export async function syncPlacement(tx: Database, employeeId: number): Promise<void> {
  const [main] = await tx
    .select({
      departmentId: assignments.departmentId,
      storeId: assignments.storeId,
      postId: assignments.postId,
    })
    .from(assignments)
    .where(and(eq(assignments.employeeId, employeeId), eq(assignments.isMain, true)))
    .orderBy(sql`${assignments.endDate} desc nulls first`, desc(assignments.startDate), desc(assignments.id))
    .limit(1);
  await tx
    .update(employees)
    .set({
      mainDepartmentId: main?.departmentId ?? null,
      mainStoreId: main?.storeId ?? null,
      mainPostId: main?.postId ?? null,
    })
    .where(eq(employees.id, employeeId));
}
