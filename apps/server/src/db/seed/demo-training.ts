import { TRAINING_TYPES, PASS_SCORE, type TrainingType } from '@dealer-hr/shared/training/rules';
import type { Database } from '../client';
import { trainingCourses, trainingRecords } from '../schema';
import { createRng, dateBetween, pick, type Rng } from './data/people';

/** What the demo's training needs of the seeded group: its regions and stores, and who worked where. */
export interface TrainingGroup {
  regions: { departmentId: number; code: string }[];
  stores: { departmentId: number; storeId: number; code: string; regionDepartmentId: number }[];
  /** Main assignments: the person, their store, and the days they held it. */
  people: { employeeId: number; name: string; storeId: number | null; from: string; to: string | null }[];
}

const courseNames: Record<TrainingType, string[]> = {
  onboarding: ['新员工入职培训', '企业文化与制度'],
  product: ['新车型产品知识', '新能源车型技术要点'],
  sales: ['展厅接待与需求分析', '试乘试驾流程'],
  service: ['客户接待礼仪', '投诉处理与客户关怀'],
  technical: ['高压电安全与维修', '底盘诊断技术'],
  safety: ['消防安全演练', '车间安全生产'],
  management: ['门店经营分析', '团队管理与辅导'],
  other: ['办公软件应用', '数据安全意识'],
};

const ROSTER_MIN = 6;
const ROSTER_MAX = 14;

/** Half-hour steps between two and twelve hours. */
const hoursOf = (rng: Rng) => 2 + Math.floor(rng() * 21) / 2;

/**
 * Courses of the demo year: two per region for its stores' people, two per store for its own, each with a
 * roster of people who worked there on the first day, their attendance and, for those who came, a score
 * (at least PASS_SCORE passes). Everything satisfies the course form's and the roster's rules.
 */
export async function seedDemoTraining(db: Database, group: TrainingGroup, today: string) {
  const rng = createRng(20_261_124);
  let serial = 0;
  const courses: (typeof trainingCourses.$inferInsert)[] = [];
  const rosters: { storeIds: Set<number>; startDate: string }[] = [];
  const addCourse = (departmentId: number, storeIds: number[]) => {
    const type = pick(rng, TRAINING_TYPES);
    const startDate = dateBetween(rng, '2026-01-05', today);
    const days = rng() < 0.3 ? 1 : 0;
    const endDate = new Date(Date.parse(`${startDate}T00:00:00Z`) + days * 86_400_000)
      .toISOString()
      .slice(0, 10);
    serial += 1;
    courses.push({
      code: `TR-2026-${String(serial).padStart(3, '0')}`,
      name: pick(rng, courseNames[type]),
      type,
      trainer: pick(rng, group.people).name,
      startDate,
      endDate: endDate > today ? startDate : endDate,
      hours: hoursOf(rng),
      departmentId,
      location: rng() < 0.6 ? '培训室' : null,
    });
    rosters.push({ storeIds: new Set(storeIds), startDate });
  };
  for (const region of group.regions) {
    const storeIds = group.stores
      .filter((store) => store.regionDepartmentId === region.departmentId)
      .map((store) => store.storeId);
    addCourse(region.departmentId, storeIds);
    addCourse(region.departmentId, storeIds);
  }
  for (const store of group.stores) {
    addCourse(store.departmentId, [store.storeId]);
    addCourse(store.departmentId, [store.storeId]);
  }
  const inserted = await db.insert(trainingCourses).values(courses).returning({ id: trainingCourses.id });

  const records: (typeof trainingRecords.$inferInsert)[] = [];
  for (const [index, { id }] of inserted.entries()) {
    const { storeIds, startDate } = rosters[index]!;
    const present = group.people.filter(
      (person) =>
        person.storeId !== null &&
        storeIds.has(person.storeId) &&
        person.from <= startDate &&
        (person.to === null || person.to >= startDate),
    );
    const size = Math.min(present.length, ROSTER_MIN + Math.floor(rng() * (ROSTER_MAX - ROSTER_MIN + 1)));
    const chosen = new Set<number>();
    while (chosen.size < size) chosen.add(pick(rng, present).employeeId);
    for (const employeeId of chosen) {
      const attended = rng() < 0.9;
      const score = attended ? 45 + Math.floor(rng() * 111) / 2 : null;
      records.push({
        courseId: id,
        employeeId,
        attended,
        score,
        passed: score === null ? null : score >= PASS_SCORE,
        remark: attended ? null : '请假',
      });
    }
  }
  for (let start = 0; start < records.length; start += 500)
    await db.insert(trainingRecords).values(records.slice(start, start + 500));
  return { courses: courses.length, records: records.length };
}
