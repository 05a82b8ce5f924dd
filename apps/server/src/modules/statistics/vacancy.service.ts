import { sql } from 'drizzle-orm';
import type {
  PostTreeAnswer,
  PostTreeNode,
  VacancyAnswer,
  VacancyCell,
} from '@dealer-hr/shared/statistics/contract';
import { rate, vacancyOf } from '@dealer-hr/shared/statistics/rules';
import type { Today } from '../../core/clock';
import type { Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { gridPosts } from '../headcount';
import { onStaffAt } from './movements';
import { resolveNode, underNode, type StatisticsNode } from './node';

interface Figures {
  planned: number;
  held: number;
  vacancy: number;
  over: number;
}

const figuresOf = (planned: number, held: number): Figures => ({
  planned,
  held,
  vacancy: vacancyOf(planned, held),
  over: Math.max(held - planned, 0),
});

/** Sums cell by cell: a total's vacancy is the sum of its cells', so an over-filled post fills no other. */
const add = (sum: Figures, cell: Figures): Figures => ({
  planned: sum.planned + cell.planned,
  held: sum.held + cell.held,
  vacancy: sum.vacancy + cell.vacancy,
  over: sum.over + cell.over,
});
const none: Figures = { planned: 0, held: 0, vacancy: 0, over: 0 };

/**
 * The rates of a cell or of a sum of cells: vacancy / planned, and the planned places taken (planned -
 * vacancy) / planned; for one cell these are the shared vacancyRate and fillRate.
 */
const withRates = (figures: Figures) => ({
  ...figures,
  vacancy_rate: rate(figures.vacancy, figures.planned),
  fill_rate: rate(figures.planned - figures.vacancy, figures.planned),
});

interface StoreRow {
  id: number;
  code: string;
  name: string;
  region_id: number;
  region_name: string;
  department_id: number;
  path: string;
}

/**
 * The active stores a node reaches: those inside it, or the one it is inside (a plan is per store, so a
 * department of a store is read as its store).
 */
async function storesOf(db: Database, node: StatisticsNode): Promise<StoreRow[]> {
  const containing =
    node.paths === null
      ? sql`false`
      : sql`${sql.join(
          node.paths.map((path) => sql`${path} like sd.path || '%'`),
          sql` or `,
        )}`;
  const result = await db.execute(sql`
    select s.id, s.code, s.name, s.region_department_id as region_id, r.name as region_name,
      s.department_id, sd.path
    from stores s
    join departments sd on sd.id = s.department_id
    join departments r on r.id = s.region_department_id
    where s.status = 'active' and (${underNode(node, sql`sd.path`)} or ${containing})
    order by r.sort, r.id, s.code
  `);
  return rowsOf<StoreRow>(result);
}

interface CellRow {
  store_id: number;
  post_id: number;
  planned: number;
  held: number;
}

/** Planned (the plan) and held (main assignments open on the day) per store x post of the given stores. */
async function cellsOf(db: Database, storeIds: number[], day: string): Promise<CellRow[]> {
  if (storeIds.length === 0) return [];
  const ids = sql`array[${sql.join(
    storeIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const result = await db.execute(sql`
    with held as (
      select a.store_id, a.post_id, count(*)::int as held from assignments a
      where a.store_id = any(${ids}) and ${onStaffAt(day)}
      group by 1, 2
    )
    select coalesce(p.store_id, h.store_id) as store_id, coalesce(p.post_id, h.post_id) as post_id,
      coalesce(p.planned, 0)::int as planned, coalesce(h.held, 0)::int as held
    from (select store_id, post_id, planned from headcount_plans where store_id = any(${ids})) p
    full join held h on h.store_id = p.store_id and h.post_id = p.post_id
  `);
  return rowsOf<CellRow>(result).map((row) => ({
    store_id: Number(row.store_id),
    post_id: Number(row.post_id),
    planned: Number(row.planned),
    held: Number(row.held),
  }));
}

const key = (storeId: number, postId: number) => `${storeId}:${postId}`;

/**
 * `GET statistic/vacancy`: planned against held per store x post (the posts the stores plan or hold), with
 * vacancies and rates.
 */
export async function vacancy(
  db: Database,
  scope: Scope,
  today: Today,
  query: { department_id?: number },
): Promise<VacancyAnswer> {
  const node = await resolveNode(db, scope, query.department_id);
  const day = today();
  const storeList = await storesOf(db, node);
  const found = await cellsOf(
    db,
    storeList.map((store) => store.id),
    day,
  );
  // Only the posts these stores plan or hold: a head-office post would be an empty column of every store.
  const used = new Set(found.map((cell) => cell.post_id));
  const postList = (await gridPosts(db)).filter((post) => used.has(post.id));
  const cells = new Map(found.map((cell) => [key(cell.store_id, cell.post_id), cell]));
  const columnTotals = postList.map(() => none);
  const rows = storeList.map((store) => {
    const storeCells = postList.map((post, index) => {
      const cell = cells.get(key(store.id, post.id));
      const figures = figuresOf(cell?.planned ?? 0, cell?.held ?? 0);
      columnTotals[index] = add(columnTotals[index]!, figures);
      return { post_id: post.id, ...withRates(figures) } satisfies VacancyCell;
    });
    return {
      store_id: store.id,
      store_code: store.code,
      store_name: store.name,
      region_id: store.region_id,
      region_name: store.region_name,
      department_id: store.department_id,
      cells: storeCells,
      ...withRates(storeCells.reduce(add, none)),
    };
  });
  const total = columnTotals.reduce(add, none);
  return {
    department_id: node.id,
    department_name: node.name,
    date: day,
    posts: postList,
    rows,
    totals: columnTotals.map((figures, index) => ({ post_id: postList[index]!.id, ...withRates(figures) })),
    ...withRates(total),
  };
}

interface TreeRow {
  id: number;
  parent_id: number | null;
  name: string;
  kind: string;
  path: string;
  headcount: number;
}

/**
 * `GET statistic/post/tree`: the department tree under the node with the people on staff in each subtree,
 * and at each store its posts' plan, holders and vacancies (summed up the tree).
 */
export async function postTree(
  db: Database,
  scope: Scope,
  today: Today,
  query: { department_id?: number },
): Promise<PostTreeAnswer> {
  const node = await resolveNode(db, scope, query.department_id);
  const day = today();
  // The people on staff counted per department in one pass, not one count per department.
  const result = await db.execute(sql`
    select d.id, d.parent_id, d.name, d.kind, d.path, coalesce(h.headcount, 0) as headcount
    from departments d left join (
      select a.department_id, count(*)::int as headcount
      from assignments a join departments ad on ad.id = a.department_id
      where ad.status = 'active' and ${underNode(node, sql`ad.path`)} and ${onStaffAt(day)}
      group by 1
    ) h on h.department_id = d.id
    where d.status = 'active' and ${underNode(node, sql`d.path`)}
    order by d.depth, d.sort, d.id
  `);
  const departmentRows = rowsOf<TreeRow>(result);
  const departmentIds = new Set(departmentRows.map((row) => Number(row.id)));
  const storeList = (await storesOf(db, node)).filter((store) =>
    departmentIds.has(Number(store.department_id)),
  );
  const postNames = new Map((await gridPosts(db)).map((post) => [post.id, post.name]));
  const cellsOfStore = new Map<number, CellRow[]>();
  for (const cell of await cellsOf(
    db,
    storeList.map((store) => store.id),
    day,
  ))
    cellsOfStore.set(cell.store_id, [...(cellsOfStore.get(cell.store_id) ?? []), cell]);
  const storeOfDepartment = new Map(storeList.map((store) => [Number(store.department_id), store.id]));
  const nodes = new Map<number, PostTreeNode>();
  for (const row of departmentRows) {
    const storeId = storeOfDepartment.get(Number(row.id));
    const storePosts = storeId
      ? (cellsOfStore.get(storeId) ?? [])
          .filter((cell) => postNames.has(cell.post_id))
          .map((cell) => ({
            post_id: cell.post_id,
            name: postNames.get(cell.post_id)!,
            planned: cell.planned,
            held: cell.held,
            vacancy: vacancyOf(cell.planned, cell.held),
          }))
      : [];
    nodes.set(Number(row.id), {
      id: Number(row.id),
      name: row.name,
      kind: row.kind,
      headcount: Number(row.headcount),
      planned: storePosts.reduce((sum, post) => sum + post.planned, 0),
      vacancy: storePosts.reduce((sum, post) => sum + post.vacancy, 0),
      posts: storePosts,
      children: [],
    });
  }
  const roots: PostTreeNode[] = [];
  for (const row of departmentRows) {
    const parent = row.parent_id === null ? undefined : nodes.get(Number(row.parent_id));
    (parent ? parent.children : roots).push(nodes.get(Number(row.id))!);
  }
  // Children were placed before their parents' totals are known: sum bottom up.
  const total = (treeNode: PostTreeNode): PostTreeNode => {
    for (const child of treeNode.children) {
      total(child);
      treeNode.headcount += child.headcount;
      treeNode.planned += child.planned;
      treeNode.vacancy += child.vacancy;
    }
    return treeNode;
  };
  return { date: day, nodes: roots.map(total) };
}

/** The node's planned, held and vacant places summed over its store x post cells, without the grid. */
export async function vacancyTotals(db: Database, node: StatisticsNode, day: string) {
  const result = await db.execute(sql`
    with s as (
      select s.id from stores s join departments sd on sd.id = s.department_id
      where s.status = 'active' and ${underNode(node, sql`sd.path`)}
    ),
    -- Joined, not "in (select id from s)": the planner cannot see how many stores that is, and for a
    -- group of 1 000 would read them one index lookup at a time.
    held as (
      select a.store_id, a.post_id, count(*)::int as held
      from assignments a join stores hs on hs.id = a.store_id join departments hd on hd.id = hs.department_id
      where hs.status = 'active' and ${underNode(node, sql`hd.path`)} and ${onStaffAt(day)}
      group by 1, 2
    ),
    cells as (
      select coalesce(p.planned, 0) as planned, coalesce(h.held, 0) as held
      from (select store_id, post_id, planned from headcount_plans where store_id in (select id from s)) p
      full join held h on h.store_id = p.store_id and h.post_id = p.post_id
    )
    select coalesce(sum(planned), 0)::int as planned, coalesce(sum(held), 0)::int as held,
      coalesce(sum(greatest(planned - held, 0)), 0)::int as vacancy
    from cells
  `);
  const [row] = rowsOf<{ planned: number; held: number; vacancy: number }>(result);
  return { planned: Number(row!.planned), held: Number(row!.held), vacancy: Number(row!.vacancy) };
}
