import type { ExportKind } from '@dealer-hr/shared/exports/rules';
import { turnoverGroupRows } from '@dealer-hr/shared/statistics/rules';
import {
  distributionQuery,
  nodeQuery,
  periodQuery,
  polylineQuery,
  turnoverQuery,
  yearQuery,
  type PostTreeNode,
} from '@dealer-hr/shared/statistics/contract';
import type { z } from 'zod';
import type { Today } from '../../core/clock';
import type { ExportColumn, ExportRun, ExportSource, SheetRow } from '../../core/exports';
import type { Database } from '../../db/client';
import { DISTRIBUTIONS, distribution } from './distribution.service';
import { prohibitedReport, resignReport, transferReport } from './reports.service';
import { polyline, turnover, yearView } from './statistics.service';
import { postTree, vacancy } from './vacancy.service';

// Each statistics figure exports as a job (modules/exports) with the filters its page shows: the file holds
// the table view of the page, with the counts behind every rate, so a reader can check the arithmetic.

export interface StatisticsContext {
  db: Database;
  today: Today;
  timeZone: string;
}

/** Any statistics page's 导出 lets a user export its figures. */
export const STATISTICS_EXPORT = [
  'statistics:overview:export',
  'statistics:turnover:export',
  'statistics:vacancy:export',
  'statistics:resign:export',
  'statistics:distribution:export',
];

const column = (key: string, header: string, width = 12): ExportColumn => ({ key, header, width });
const percent = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 100);

function sheet<Schema extends z.ZodType>(
  kind: ExportKind,
  sheetName: string,
  query: Schema,
  columns: ExportColumn[],
  rows: (run: ExportRun<z.output<Schema>>) => Promise<SheetRow[]>,
): ExportSource<z.output<Schema>> {
  return {
    kind,
    permission: STATISTICS_EXPORT,
    sheetName,
    columns,
    query: query as unknown as z.ZodType<z.output<Schema>>,
    async *rows(run) {
      yield* await rows(run);
    },
  };
}

const countColumns = (what: string) => [
  column('key', what, 24),
  column('name', '名称', 24),
  column('count', '人数', 10),
];

function flatten(nodes: PostTreeNode[], depth = 0): SheetRow[] {
  return nodes.flatMap((node) => [
    {
      name: `${'　'.repeat(depth)}${node.name}`,
      post: '',
      headcount: node.headcount,
      planned: node.planned,
      vacancy: node.vacancy,
    },
    ...node.posts.map((post) => ({
      name: `${'　'.repeat(depth + 1)}${node.name}`,
      post: post.name,
      headcount: post.held,
      planned: post.planned,
      vacancy: post.vacancy,
    })),
    ...flatten(node.children, depth + 1),
  ]);
}

export function statisticsExports({ db, today, timeZone }: StatisticsContext): ExportSource<unknown>[] {
  const turnoverColumns = [
    column('period', '统计周期', 12),
    column('group', '分组', 24),
    column('headcount_start', '期初人数'),
    column('headcount_end', '期末人数'),
    column('average', '平均人数'),
    column('hires', '入职人数'),
    column('leavers', '离职人数'),
    column('voluntary', '主动离职人数'),
    column('new_leavers', '新员工离职人数', 14),
    column('rate_end', '离职率(期末口径)%', 18),
    column('rate_average', '离职率(平均口径)%', 18),
    column('voluntary_rate', '主动离职率(期末口径)%', 20),
    column('new_rate', '新员工离职率%', 14),
  ];
  const vacancyColumns = [
    column('store_code', '门店编码', 14),
    column('store_name', '门店名称', 24),
    column('post', '岗位', 16),
    column('planned', '编制人数'),
    column('held', '在岗人数'),
    column('vacancy', '缺编人数'),
    column('over', '超编人数'),
    column('vacancy_rate', '缺编率%'),
    column('fill_rate', '满编率%'),
  ];
  const sources = [
    sheet('statistics_turnover', '离职率分析', turnoverQuery, turnoverColumns, async ({ scope, query }) => {
      const answer = await turnover(db, scope, today, query);
      return [...answer.totals, ...turnoverGroupRows(answer.periods, answer.groups).flat()].map((row) => ({
        period: row.period,
        group: row.group_name,
        headcount_start: row.headcount_start,
        headcount_end: row.headcount_end,
        average: row.average_headcount,
        hires: row.hires,
        leavers: row.leavers,
        voluntary: row.voluntary_leavers,
        new_leavers: row.new_leavers,
        rate_end: percent(row.rate_end),
        rate_average: percent(row.rate_average),
        voluntary_rate: percent(row.voluntary_rate_end),
        new_rate: percent(row.new_employee_rate),
      }));
    }),
    sheet('statistics_vacancy', '缺编分析', nodeQuery, vacancyColumns, async ({ scope, query }) => {
      const answer = await vacancy(db, scope, today, query);
      return answer.rows.flatMap((row) =>
        row.cells
          .filter((cell) => cell.planned > 0 || cell.held > 0)
          .map((cell) => ({
            store_code: row.store_code,
            store_name: row.store_name,
            post: answer.posts.find((post) => post.id === cell.post_id)?.name ?? '',
            planned: cell.planned,
            held: cell.held,
            vacancy: cell.vacancy,
            over: cell.over,
            vacancy_rate: percent(cell.vacancy_rate),
            fill_rate: percent(cell.fill_rate),
          })),
      );
    }),
    sheet(
      'statistics_resign',
      '离职分析',
      periodQuery,
      [column('dimension', '维度', 12), ...countColumns('项目')],
      async ({ scope, query }) => {
        const answer = await resignReport(db, scope, today, query);
        return [
          ...answer.by_reason.map((item) => ({ dimension: '离职原因', ...item })),
          ...answer.by_destination.map((item) => ({ dimension: '离职去向', ...item })),
          ...answer.by_type.map((item) => ({ dimension: '离职类型', ...item })),
          ...answer.by_tenure.map((item) => ({ dimension: '司龄段', ...item })),
          ...answer.by_month.map((item) => ({
            dimension: '月份',
            key: item.month,
            name: item.month,
            count: item.count,
          })),
        ];
      },
    ),
    sheet(
      'statistics_transfer',
      '调岗分析',
      periodQuery,
      [
        column('dimension', '维度', 12),
        column('from', '调出/项目', 24),
        column('to', '调入', 24),
        column('count', '人次', 10),
      ],
      async ({ scope, query }) => {
        const answer = await transferReport(db, scope, today, query);
        return [
          ...answer.by_type.map((item) => ({
            dimension: '调岗类型',
            from: item.name,
            to: '',
            count: item.count,
          })),
          ...answer.between_stores.map((pair) => ({
            dimension: '门店之间',
            from: pair.from_store_name,
            to: pair.to_store_name,
            count: pair.count,
          })),
          ...answer.by_month.map((item) => ({
            dimension: '月份',
            from: item.month,
            to: '',
            count: item.count,
          })),
        ];
      },
    ),
    sheet(
      'statistics_prohibited',
      '禁用名单统计',
      periodQuery,
      [column('month', '月份', 12), column('added', '新增', 10), column('lifted', '解除', 10)],
      async ({ scope, query }) => (await prohibitedReport(db, scope, today, timeZone, query)).by_month,
    ),
    sheet(
      'statistics_polyline',
      '人力趋势',
      polylineQuery,
      [
        column('month', '月份', 12),
        column('headcount', '月末人数'),
        column('hires', '入职人数'),
        column('leavers', '离职人数'),
        column('rate_end', '离职率(期末口径)%', 18),
        column('rate_average', '离职率(平均口径)%', 18),
      ],
      async ({ scope, query }) =>
        (await polyline(db, scope, today, query)).points.map((point) => ({
          ...point,
          rate_end: percent(point.rate_end),
          rate_average: percent(point.rate_average),
        })),
    ),
    sheet(
      'statistics_year',
      '年度入离职',
      yearQuery,
      [column('month', '月份', 12), column('hires', '入职人数'), column('leavers', '离职人数')],
      async ({ scope, query }) => (await yearView(db, scope, today, query)).months,
    ),
    sheet(
      'statistics_distribution',
      '人员结构分布',
      distributionQuery,
      [column('dimension', '维度', 12), ...countColumns('项目')],
      async ({ scope, query }) => {
        const rows: SheetRow[] = [];
        const names = { education: '学历', sex: '性别', age: '年龄段', tenure: '司龄段' } as const;
        for (const of of DISTRIBUTIONS)
          for (const item of (await distribution(db, scope, today, query, of)).items)
            rows.push({ dimension: names[of], ...item });
        return rows;
      },
    ),
    sheet(
      'statistics_post_tree',
      '岗位编制树',
      nodeQuery,
      [
        column('name', '部门', 32),
        column('post', '岗位', 16),
        column('headcount', '在岗人数'),
        column('planned', '编制人数'),
        column('vacancy', '缺编人数'),
      ],
      async ({ scope, query }) => flatten((await postTree(db, scope, today, query)).nodes),
    ),
  ];
  return sources.map((source) => source as unknown as ExportSource<unknown>);
}
