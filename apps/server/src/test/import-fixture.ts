import { and, eq, inArray } from 'drizzle-orm';
import type { ImportSource } from '../core/imports';
import { dictionaryItems } from '../db/schema';

/**

 * A test's import: items of one dictionary type (named when the test has made it) from a file of 编码, 名称, 启用. It uses the real mechanism
 * and a real table; the product's own imports (training, headcount) bring their own tests.
 */
export const itemsImport = (
  typeIdOf: () => number,
): ImportSource<{ code: string; name: string; enabled: boolean }> => ({
  kind: 'fixture-items',
  permission: 'system:dictionaries:create',
  sheetName: '字典项',
  columns: [
    { key: 'code', header: '编码', width: 14, required: true, example: 'rotation', rule: '小写字母和下划线' },
    { key: 'name', header: '名称', width: 16, required: true, example: '轮岗' },
    { key: 'enabled', header: '启用', width: 8, required: true, example: '是' },
  ],
  lists: async () => ({ enabled: ['是', '否'] }),
  async check(db, _run, rows, seen) {
    const codes = rows.map((row) => row.cells.code ?? '').filter(Boolean);
    const taken = new Set(
      codes.length === 0
        ? []
        : (
            await db
              .select({ code: dictionaryItems.code })
              .from(dictionaryItems)
              .where(and(eq(dictionaryItems.typeId, typeIdOf()), inArray(dictionaryItems.code, codes)))
          ).map((item) => item.code),
    );
    return rows.map((row) => {
      const { code = '', name = '', enabled = '' } = row.cells;
      const problems: string[] = [];
      if (code && !/^[a-z_]+$/.test(code)) problems.push('编码只能是小写字母和下划线');
      if (taken.has(code)) problems.push(`编码“${code}”已存在`);
      const first = seen.get(code);
      if (code && first !== undefined) problems.push(`与第 ${first} 行的编码重复`);
      else if (code) seen.set(code, row.row);
      if (name.length > 20) problems.push('名称不能超过 20 个字符');
      return problems.length > 0
        ? { row: row.row, problems }
        : { row: row.row, value: { code, name, enabled: enabled === '是' } };
    });
  },
  async write(tx, _run, values) {
    await tx.insert(dictionaryItems).values(values.map((value) => ({ ...value, typeId: typeIdOf() })));
  },
});
