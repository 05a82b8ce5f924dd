import { like, or, type SQL } from 'drizzle-orm';
import { employees } from '../db/schema';
import { likePrefix } from '../lib/paging';

/**
 * The people a typed keyword finds, by their beginning, which the indexes answer at once on a large group:
 * the name (张, 张伟), its toneless pinyin or initials (zhangw, zw), or the employee number (E1001).
 */
export function employeeKeywordMatch(keyword: string): SQL | undefined {
  const latin = likePrefix(keyword.toLowerCase().replace(/\s+/g, ''));
  return or(
    like(employees.name, likePrefix(keyword)),
    like(employees.namePinyin, latin),
    like(employees.nameInitials, latin),
    like(employees.employeeNo, likePrefix(keyword.toUpperCase())),
  );
}
