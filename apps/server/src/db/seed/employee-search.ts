import { eq } from 'drizzle-orm';
import { pinyinKeys } from '../../lib/pinyin';
import type { Database } from '../client';
import { employees } from '../schema';

/**
 * Fills the pinyin search keys of employees written before they existed (a database migrated from an older
 * version): SQL cannot compute them, so the migration leaves them empty and this completes them once.
 */
export async function backfillEmployeeSearch(db: Database): Promise<number> {
  const missing = await db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(eq(employees.namePinyin, ''));
  for (const employee of missing) {
    const keys = pinyinKeys(employee.name);
    if (!keys.pinyin) continue;
    await db
      .update(employees)
      .set({ namePinyin: keys.pinyin, nameInitials: keys.initials })
      .where(eq(employees.id, employee.id));
  }
  return missing.length;
}
