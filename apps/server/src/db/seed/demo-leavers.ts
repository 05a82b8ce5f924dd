import { DictType } from '@dealer-hr/shared/dictionary-types';
import type { ResignationType } from '@dealer-hr/shared/resignation/rules';
import { addDays } from '../../core/clock';
import type { Database } from '../client';
import { resignations } from '../schema';
import { createRng, pickWeighted, pick } from './data/people';

// The demo's historical leavers left through a resignation like anyone else: each has its completed record
// (type, reason, destination), so the resignation list and the statistics by reason read the same people the
// headcount lost. Drawn from a generator of their own, so the rest of the demo stays as it was.

export interface DemoLeaver {
  employeeId: number;
  lastDay: string;
  departmentId: number;
  storeId: number | null;
  postId: number;
  probation: boolean;
}

/** How the group's people leave, and the reasons and destinations that go with each way. */
const ways: { type: ResignationType; weight: number; reasons: string[]; destinations: string[] }[] = [
  {
    type: 'voluntary',
    weight: 62,
    reasons: ['compensation', 'career_development', 'family', 'work_environment', 'relocation', 'health'],
    destinations: ['competitor', 'competitor', 'other_industry', 'own_business', 'unemployed', 'other'],
  },
  {
    type: 'contract_end',
    weight: 14,
    reasons: ['contract_expired'],
    destinations: ['other_industry', 'unemployed'],
  },
  {
    type: 'mutual_agreement',
    weight: 10,
    reasons: ['work_environment', 'other'],
    destinations: ['competitor', 'unemployed'],
  },
  { type: 'dismissal', weight: 8, reasons: ['dismissed'], destinations: ['unemployed', 'other'] },
  { type: 'probation_failed', weight: 4, reasons: ['dismissed'], destinations: ['unemployed'] },
  { type: 'retirement', weight: 2, reasons: ['other'], destinations: ['other'] },
];

const explanations: Record<ResignationType, string> = {
  voluntary: '本人提出离职，已办结交接',
  contract_end: '劳动合同到期，双方不再续签',
  mutual_agreement: '经协商一致解除劳动合同',
  dismissal: '严重违反公司制度，依法解除',
  probation_failed: '试用期考核未通过',
  retirement: '到达法定退休年龄',
};

export async function seedLeaverResignations(
  db: Database,
  dict: (typeId: number, code: string) => number,
  leavers: readonly DemoLeaver[],
  filedByUserId: number,
): Promise<void> {
  if (leavers.length === 0) return;
  const rng = createRng(20_261_127);
  const rows = leavers.map((leaver) => {
    const way = pickWeighted(
      rng,
      ways.filter((candidate) => candidate.type !== 'probation_failed' || leaver.probation),
      (candidate) => candidate.weight,
    );
    const appliedOn = addDays(leaver.lastDay, -30);
    return {
      employeeId: leaver.employeeId,
      previousStatus: leaver.probation ? ('probation' as const) : ('regular' as const),
      storeId: leaver.storeId,
      departmentId: leaver.departmentId,
      postId: leaver.postId,
      type: way.type,
      reasonId: dict(DictType.LEAVING_REASON, pick(rng, way.reasons)),
      destinationId: dict(DictType.LEAVING_DESTINATION, pick(rng, way.destinations)),
      appliedOn,
      lastDay: leaver.lastDay,
      explanation: explanations[way.type],
      status: 'completed' as const,
      createdByUserId: filedByUserId,
      goByUserId: filedByUserId,
      completedAt: new Date(`${addDays(leaver.lastDay, 1)}T01:00:00Z`),
      createdAt: new Date(`${appliedOn}T02:00:00Z`),
    };
  });
  await db.insert(resignations).values(rows);
}
