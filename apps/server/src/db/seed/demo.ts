import { DictType } from '@dealer-hr/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import {
  assignments,
  departments,
  employees,
  headcountPlans,
  postRoles,
  posts,
  roles,
  stores,
  users,
} from '../schema';
import { hashPassword } from '../../lib/passwords';
import { sealedIdNumber, type Sealer } from '../../lib/sealed-values';
import { dictionaryLookup, syncIdentity } from './base';
import {
  groupName,
  headOfficeDepartments,
  regions,
  storeDepartments,
  stores as storeSeeds,
} from './data/organisation';
import {
  areaCodesByCity,
  birthDateBetween,
  chineseName,
  createRng,
  dateBetween,
  mainlandIdNumber,
  mobilePhone,
  pick,
  pickWeighted,
  randomInt,
  type Gender,
  type Rng,
} from './data/people';
import { posts as postSeeds } from './data/posts';
import { roles as roleSeeds } from './data/roles';
import { pinyinKeys } from '../../lib/pinyin';
import { seedDemoTraining } from './demo-training';
import { seedDemoCustomers } from './demo-customers';
import { seedDemoClockPoints } from './demo-clock-points';
import { seedLeaverResignations } from './demo-leavers';
import { addDays } from '../../core/clock';
import { markStints } from '../stints';

/** Demo dates are fixed so that every install of the demo tells the same story. */
export const DEMO_TODAY = '2026-11-01';
/** People hired in the three months before DEMO_TODAY are still on probation. */
const PROBATION_SINCE = '2026-08-01';
/** Head-office departments and the post their staff hold (the HR centre also has its director and manager). */
const headOfficeStaffPost: Record<string, string> = {
  hr_center: 'hr_specialist',
  finance_center: 'accountant',
  operations_center: 'admin_specialist',
  it: 'it_engineer',
};
const BATCH = 500;

type DepartmentRow = typeof departments.$inferInsert & { id: number };
type EmployeeRow = typeof employees.$inferInsert & { id: number };
type AssignmentRow = typeof assignments.$inferInsert;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/** Builds the tree in memory with explicit ids, so paths are known before anything is written. */
export function planTree() {
  const nodes: DepartmentRow[] = [];
  const add = (
    parent: DepartmentRow | null,
    node: Omit<DepartmentRow, 'id' | 'path' | 'depth' | 'parentId'>,
  ) => {
    const id = nodes.length + 1;
    const row: DepartmentRow = {
      ...node,
      id,
      parentId: parent?.id ?? null,
      path: `${parent?.path ?? '/'}${id}/`,
      depth: (parent?.depth ?? -1) + 1,
    };
    nodes.push(row);
    return row;
  };
  const group = add(null, { name: groupName, kind: 'group', code: 'GROUP', sort: 0 });
  const headOffice = new Map<string, DepartmentRow>();
  for (const [index, template] of headOfficeDepartments.entries()) {
    const department = add(group, {
      name: template.name,
      kind: 'department',
      code: `HQ-${template.code}`,
      sort: index,
    });
    headOffice.set(template.code, department);
    template.teams.forEach((team, teamIndex) =>
      add(department, {
        name: team,
        kind: 'team',
        code: `HQ-${template.code}-${teamIndex + 1}`,
        sort: teamIndex,
      }),
    );
  }
  const regionNodes = new Map<string, DepartmentRow>();
  for (const [index, region] of regions.entries()) {
    regionNodes.set(
      region.code,
      add(group, { name: region.name, kind: 'region', code: `R-${region.code}`, sort: 100 + index }),
    );
  }
  const storeNodes = new Map<string, { store: DepartmentRow; departments: Map<string, DepartmentRow[]> }>();
  for (const [index, seed] of storeSeeds.entries()) {
    const region = regionNodes.get(seed.regionCode);
    if (!region) throw new Error(`store ${seed.code} names unknown region ${seed.regionCode}`);
    const store = add(region, { name: seed.name, kind: 'store', code: seed.code, sort: index });
    const byCode = new Map<string, DepartmentRow[]>();
    for (const [departmentIndex, template] of storeDepartments.entries()) {
      const department = add(store, {
        name: template.name,
        kind: 'department',
        code: `${seed.code}-${template.code}`,
        sort: departmentIndex,
      });
      const teams = template.teams.map((team, teamIndex) =>
        add(department, {
          name: team,
          kind: 'team',
          code: `${seed.code}-${template.code}-${teamIndex + 1}`,
          sort: teamIndex,
        }),
      );
      // People of a department with teams sit in its teams; the department itself holds its manager.
      byCode.set(template.code, [department, ...teams]);
    }
    storeNodes.set(seed.code, { store, departments: byCode });
  }
  return { nodes, group, headOffice, regionNodes, storeNodes };
}

interface PersonFactory {
  next(rng: Rng, opts: { city: string; entryFrom: string; regionItem: number | null }): EmployeeRow;
}

function personFactory(dict: (type: number, code: string) => number, sealer: Sealer): PersonFactory {
  const phones = new Set<string>();
  const idNumbers = new Set<string>();
  let serial = 0;
  const educations: [string, number][] = [
    ['doctorate', 1],
    ['master', 4],
    ['bachelor', 35],
    ['college', 35],
    ['technical_secondary', 8],
    ['vocational_high', 4],
    ['high_school', 10],
    ['junior_or_below', 3],
  ];
  const colleges = [
    '上海交通大学',
    '同济大学',
    '华南理工大学',
    '四川大学',
    '北京交通大学',
    '重庆交通职业学院',
    '广东交通职业技术学院',
    '天津职业技术师范大学',
  ];
  // The profile form asks every person for their school: those without a degree name the last one they
  // attended. Chosen by the person's serial, not drawn, so every value drawn after it stays as it was.
  const schools: Record<string, readonly string[]> = {
    technical_secondary: ['上海市交通学校', '广州市交通运输职业学校', '成都汽车职业技术学校'],
    vocational_high: ['北京市汽车工业学校', '杭州市汽车高级技工学校'],
    high_school: ['成都市第七中学', '南京市第一中学', '武汉市第二中学', '西安市铁一中学'],
    junior_or_below: ['苏州市吴中区木渎中学', '佛山市南海区桂城中学'],
  };
  return {
    next(rng, { city, entryFrom, regionItem }) {
      serial += 1;
      const gender: Gender = rng() < 0.62 ? 'male' : 'female';
      const birthDate = birthDateBetween(rng, 1968, 2004);
      let idNumber: string;
      do {
        idNumber = mainlandIdNumber(rng, { areaCode: areaCodesByCity[city] ?? '110101', birthDate, gender });
      } while (idNumbers.has(idNumber));
      idNumbers.add(idNumber);
      let phone: string;
      do phone = mobilePhone(rng);
      while (phones.has(phone));
      phones.add(phone);
      const entryDate = dateBetween(rng, entryFrom > '2015-01-01' ? entryFrom : '2015-01-01', DEMO_TODAY);
      const education = pickWeighted(rng, educations, ([, weight]) => weight)[0];
      const employeeNo = `E${String(100000 + serial)}`;
      const name = chineseName(rng, gender);
      const keys = pinyinKeys(name);
      return {
        id: serial,
        employeeNo,
        name,
        namePinyin: keys.pinyin,
        nameInitials: keys.initials,
        phone,
        // Most use the group's mailbox, the others a personal one; the profile form asks everyone for one.
        email: rng() < 0.7 ? `${employeeNo.toLowerCase()}@huachi-auto.cn` : `${keys.pinyin}${serial}@163.com`,
        gender,
        idTypeId: dict(DictType.ID_CARD, 'mainland'),
        ...sealedIdNumber(sealer, idNumber),
        birthDate,
        height: gender === 'male' ? randomInt(rng, 162, 190) : randomInt(rng, 152, 176),
        ethnicityId: dict(
          DictType.ETHNICITY,
          rng() < 0.91 ? 'han' : pick(rng, ['hui', 'man', 'zhuang', 'tujia', 'miao', 'yi']),
        ),
        maritalStatusId: dict(
          DictType.MARITAL_STATUS,
          pick(rng, ['unmarried', 'married', 'married', 'divorced']),
        ),
        educationId: dict(DictType.EDUCATION, education),
        college: ['doctorate', 'master', 'bachelor', 'college'].includes(education)
          ? pick(rng, colleges)
          : schools[education]![serial % schools[education]!.length]!,
        regionId: regionItem,
        employeeTypeId: dict(
          DictType.EMPLOYEE_TYPE,
          rng() < 0.93 ? 'full_time' : pick(rng, ['intern', 'dispatched']),
        ),
        hasLicenseId: dict(DictType.HAS_LICENSE, rng() < 0.85 ? 'yes' : 'no'),
        status: entryDate > PROBATION_SINCE ? 'probation' : 'regular',
        entryDate,
      };
    },
  };
}

/**
 * A believable dealer group: regions, 24 stores with their departments and teams, posts and the headcount
 * plan, ~600 people with main and some part-time posts, a year of leavers, and a few demo accounts.
 */
export async function seedDemo(db: Database, demoPassword: string, sealer: Sealer) {
  const rng = createRng(20_261_101);
  const dict = await dictionaryLookup(db);
  const tree = planTree();
  await insertInBatches(tree.nodes, (batch) => db.insert(departments).values(batch));

  const storeRows = storeSeeds.map((seed, index) => ({
    id: index + 1,
    departmentId: tree.storeNodes.get(seed.code)!.store.id,
    code: seed.code,
    name: seed.name,
    regionDepartmentId: tree.regionNodes.get(seed.regionCode)!.id,
    brandId: dict(DictType.STORE_BRAND, seed.brandCode),
    storeTypeId: dict(DictType.STORE_TYPE, seed.typeCode),
    categoryId: dict(DictType.STORE_CATEGORY, seed.categoryCode),
    city: seed.city,
    address: seed.address,
    latitude: seed.latitude.toFixed(6),
    longitude: seed.longitude.toFixed(6),
    openedOn: seed.openedOn,
  }));
  await db.insert(stores).values(storeRows);

  const postRows = postSeeds.map((seed, index) => ({
    id: index + 1,
    code: seed.code,
    name: seed.name,
    postTypeId: dict(DictType.POST_TYPE, seed.postTypeCode),
    categoryId: dict(DictType.POST_CATEGORY, seed.categoryCode),
    isMain: seed.isMain,
    sort: seed.sort,
  }));
  await db.insert(posts).values(postRows);
  const postId = new Map(postRows.map((row) => [row.code, row.id]));

  await db.insert(headcountPlans).values(
    storeRows.flatMap((store) =>
      postSeeds
        .filter((seed) => seed.plannedPerStore > 0)
        .map((seed) => ({
          storeId: store.id,
          postId: postId.get(seed.code)!,
          planned: seed.plannedPerStore,
        })),
    ),
  );

  const people = personFactory(dict, sealer);
  const staff: EmployeeRow[] = [];
  const held: AssignmentRow[] = [];
  const holders = new Map<string, number[]>();
  const hire = (
    employee: EmployeeRow,
    assignment: Omit<AssignmentRow, 'employeeId' | 'isMain' | 'startDate'>,
    postCode: string,
  ) => {
    // Each demo person holds one main post, so where they work is that post (modules/employment).
    staff.push({
      ...employee,
      mainDepartmentId: assignment.departmentId,
      mainStoreId: assignment.storeId,
      mainPostId: assignment.postId,
    });
    held.push({ ...assignment, employeeId: employee.id, isMain: true, startDate: employee.entryDate });
    holders.set(postCode, [...(holders.get(postCode) ?? []), employee.id]);
  };

  const hqRegion = dict(DictType.REGION, 'east');
  // The HR centre's leaders; every head-office department then gets its staff.
  const hrCenter = tree.headOffice.get('hr_center')!;
  for (const postCode of ['hr_director', 'hr_manager']) {
    hire(
      people.next(rng, { city: '上海', entryFrom: '2012-01-01', regionItem: hqRegion }),
      { departmentId: hrCenter.id, postId: postId.get(postCode)! },
      postCode,
    );
  }
  for (const [code, department] of tree.headOffice) {
    const postCode = headOfficeStaffPost[code];
    if (!postCode) throw new Error(`head-office department ${code} has no staff post`);
    for (let count = randomInt(rng, 2, 4); count > 0; count -= 1) {
      hire(
        people.next(rng, { city: '上海', entryFrom: '2012-01-01', regionItem: hqRegion }),
        { departmentId: department.id, postId: postId.get(postCode)! },
        postCode,
      );
    }
  }

  for (const [index, seed] of storeSeeds.entries()) {
    const node = tree.storeNodes.get(seed.code)!;
    const regionItem = dict(DictType.REGION, seed.regionCode);
    for (const post of postSeeds.filter((candidate) => candidate.plannedPerStore > 0)) {
      // Most posts are full; some stores run a seat or two short, which the vacancy figures show.
      const filled =
        post.plannedPerStore - (rng() < 0.18 ? Math.min(post.plannedPerStore, randomInt(rng, 1, 2)) : 0);
      const places = post.departmentCode ? node.departments.get(post.departmentCode)! : [node.store];
      for (let seat = 0; seat < filled; seat += 1) {
        const managerial = post.postTypeCode === 'management';
        const department =
          managerial || places.length === 1 ? places[0]! : places[1 + (seat % (places.length - 1))]!;
        hire(
          people.next(rng, { city: seed.city, entryFrom: seed.openedOn, regionItem }),
          { departmentId: department.id, storeId: storeRows[index]!.id, postId: postId.get(post.code)! },
          post.code,
        );
      }
    }
  }

  // Two years of leavers: their history stays, their assignment is closed, and (below) their resignation is
  // on record. The last day is at least a month after the entry, so every stint is a real one.
  const leavers = staff.filter((employee) => employee.entryDate < '2025-06-01' && rng() < 0.05);
  for (const leaver of leavers) {
    const earliest = addDays(leaver.entryDate, 30);
    leaver.status = 'resigned';
    leaver.leftOn = dateBetween(rng, earliest > '2024-12-01' ? earliest : '2024-12-01', '2026-10-31');
    for (const row of held.filter((assignment) => assignment.employeeId === leaver.id))
      row.endDate = leaver.leftOn;
  }

  // Some senior consultants also train newcomers: a part-time post beside their main one.
  const trainerPost = postId.get('internal_trainer')!;
  const hrDepartmentOfStore = new Map(
    storeRows.map((store) => [
      store.id,
      tree.storeNodes.get(store.code)!.departments.get('hr_admin')![0]!.id,
    ]),
  );
  // Only people still on staff: a part-time post must not start after its holder has left.
  for (const employeeId of holders.get('sales_consultant') ?? []) {
    if (staff[employeeId - 1]?.status === 'resigned' || rng() >= 0.12) continue;
    const main = held.find((row) => row.employeeId === employeeId)!;
    held.push({
      employeeId,
      departmentId: hrDepartmentOfStore.get(main.storeId!)!,
      storeId: main.storeId,
      postId: trainerPost,
      isMain: false,
      startDate: dateBetween(rng, main.startDate, DEMO_TODAY),
    });
  }

  await insertInBatches(staff, (batch) => db.insert(employees).values(batch));
  await insertInBatches(held, (batch) => db.insert(assignments).values(batch));
  await markStints(db, 'all');
  const training = await seedDemoTraining(
    db,
    {
      regions: [...tree.regionNodes.entries()].map(([code, node]) => ({ departmentId: node.id, code })),
      stores: storeRows.map((store) => ({
        departmentId: store.departmentId,
        storeId: store.id,
        code: store.code,
        regionDepartmentId: store.regionDepartmentId,
      })),
      people: held
        .filter((row) => row.isMain)
        .map((row) => ({
          employeeId: row.employeeId,
          name: staff[row.employeeId - 1]!.name,
          storeId: row.storeId ?? null,
          from: row.startDate,
          to: row.endDate ?? null,
        })),
    },
    DEMO_TODAY,
  );

  // Department leaders: the holder of a managerial post on that node.
  const managerial = new Set(
    postSeeds.filter((post) => post.postTypeCode === 'management').map((post) => postId.get(post.code)),
  );
  const leaderOf = new Map<number, number>();
  for (const row of held) {
    if (row.isMain && row.endDate == null && managerial.has(row.postId))
      leaderOf.set(row.departmentId, row.employeeId);
  }
  for (const [departmentId, employeeId] of leaderOf) {
    await db
      .update(departments)
      .set({ leaderEmployeeId: employeeId })
      .where(eq(departments.id, departmentId));
  }

  const roleRows = await db.select({ id: roles.id, key: roles.key }).from(roles);
  const roleId = new Map(roleRows.map((row) => [row.key, row.id]));
  await db
    .insert(postRoles)
    .values(
      roleSeeds.flatMap((seed) =>
        seed.postCodes.map((code) => ({ postId: postId.get(code)!, roleId: roleId.get(seed.key)! })),
      ),
    );

  // Demo accounts for each kind of user, sharing the admin's password.
  const passwordHash = await hashPassword(demoPassword);
  const activeHolder = (code: string) =>
    (holders.get(code) ?? []).find((id) => staff[id - 1]?.status !== 'resigned')!;
  const accounts = [
    { username: 'hr', employeeId: activeHolder('hr_manager'), isSale: false },
    { username: 'manager', employeeId: activeHolder('general_manager'), isSale: false },
    { username: 'staff', employeeId: activeHolder('service_advisor'), isSale: false },
    { username: 'sales', employeeId: activeHolder('sales_consultant'), isSale: true },
  ];
  await db
    .insert(users)
    .values(
      accounts.map((account) => ({ ...account, name: staff[account.employeeId - 1]!.name, passwordHash })),
    );
  const [filer] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'hr'));
  await seedLeaverResignations(
    db,
    dict,
    leavers.map((leaver) => {
      const main = held.find((row) => row.employeeId === leaver.id && row.isMain)!;
      return {
        employeeId: leaver.id,
        lastDay: leaver.leftOn!,
        departmentId: main.departmentId,
        storeId: main.storeId ?? null,
        postId: main.postId,
        probation: false,
      };
    }),
    filer!.id,
  );
  // The work-messaging ids of the demo people are their usernames, so the SSO stand-ins
  // (scripts/sso-stand-ins.ts) and a test WeCom corp can sign them in by name.
  for (const account of accounts) {
    await db
      .update(employees)
      .set({ workUserId: account.username })
      .where(and(eq(employees.id, account.employeeId), isNull(employees.workUserId)));
  }

  for (const table of ['departments', 'stores', 'posts', 'employees']) await syncIdentity(db, table);
  const customers = await seedDemoCustomers(db);
  const points = await seedDemoClockPoints(db, storeRows);
  return {
    ...customers,
    ...points,
    departments: tree.nodes.length,
    stores: storeRows.length,
    posts: postRows.length,
    employees: staff.length,
    assignments: held.length,
    trainingCourses: training.courses,
  };
}
