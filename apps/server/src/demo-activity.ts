import { randomBytes } from 'node:crypto';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import {
  onboardingDecisionBody,
  onboardingRejectBody,
  onboardingStartBody,
  onboardingUpdateBody,
  type OnboardingDetail,
} from '@dealer-hr/shared/onboarding/contract';
import {
  documentNames,
  REQUIRED_DOCUMENTS,
  type OnboardingDocument,
  type OnboardingStatus,
} from '@dealer-hr/shared/onboarding/rules';
import { zUploadPurpose } from '@dealer-hr/shared/uploads/contract';
import { safeFileName } from '@dealer-hr/shared/uploads/rules';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from './app-context';
import type { Database } from './db/client';
import { approvalTasks, posts, stores } from './db/schema';
import { dictionaryLookup } from './db/seed/base';
import { DEMO_TODAY } from './db/seed/demo';
import { idCardScan } from './db/seed/data/document-scans';
import { stores as storeSeeds } from './db/seed/data/organisation';
import {
  areaCodesByCity,
  birthDateBetween,
  chineseName,
  createRng,
  mainlandIdNumber,
  mobilePhone,
  randomInt,
  type Gender,
} from './db/seed/data/people';
import { pinyinKeys } from './lib/pinyin';
import {
  decideOnboarding,
  onboardingPermissions as may,
  startOnboarding,
  submitOnboarding,
  updateOnboardingStep,
} from './modules/onboarding';
import { saveUpload } from './modules/uploads';
import { accountOf, departmentFor, personaOf } from './demo-personas';
import { systemClock, todayOf, type AdjustableClock } from './core/clock';
import { demoMovements } from './demo-movements';
import { demoResignations } from './demo-resignations';
import { demoAttendance } from './demo-attendance';
import { demoTransfers } from './demo-transfers';

// What the demo's people have been doing when a demo install opens: HR's onboardings at every stage, and the
// audit trail they left. They are performed, not written: each step goes through the contract's schema (the
// rules the forms apply), the permission its route asks for, and the service the route calls, so the
// refusal checks, the approval flow, the hire and every audit row are the product's own.
//
// The services are called directly rather than through `app.inject` with a signed-in session: the services
// write the audit rows themselves (with the actor given), and called here they run in the seed's own
// transaction, so a demo install has its organisation and its activity or neither, and no sign-in that never
// happened appears in the session list. Nothing came over the network, so the rows carry no address; their
// request id says where they came from.

/** The store run by the demo's `manager` account: its hires go through that account's approval. */
const MANAGED = Symbol('the store of the demo manager');

/** How far an entry got: the steps HR saved, then what became of its approval. */
type Stage = 'personal' | 'documents' | 'pending' | 'approved' | 'returned';

const statusAfter: Record<Stage, OnboardingStatus> = {
  personal: 'draft',
  documents: 'draft',
  pending: 'pending',
  approved: 'approved',
  returned: 'returned',
};

interface Hire {
  store: string | typeof MANAGED;
  post: string;
  gender: Gender;
  /** Dictionary 22 item code, and the school that goes with it. */
  education: string;
  college: string;
  hasLicence: boolean;
  /** Which team of the post's department the person joins (1 for the first), where it has teams. */
  team?: number;
  /** The first working day, in days from DEMO_TODAY. */
  startsIn: number;
  stage: Stage;
  /** What the approver wrote: the reason of a rejection, or a remark with an approval. */
  comment?: string;
}

/** In the order HR started them: those hired first are done, the latest are still being filled in. */
const story: Hire[] = [
  {
    store: MANAGED,
    post: 'service_advisor',
    gender: 'female',
    education: 'college',
    college: '上海交通职业技术学院',
    hasLicence: true,
    startsIn: -6,
    stage: 'approved',
    comment: '同意入职',
  },
  {
    store: MANAGED,
    post: 'mechanic',
    gender: 'male',
    education: 'technical_secondary',
    college: '上海市交通学校',
    hasLicence: true,
    team: 2,
    startsIn: 0,
    stage: 'approved',
  },
  {
    store: MANAGED,
    post: 'finance_specialist',
    gender: 'female',
    education: 'bachelor',
    college: '上海财经大学',
    hasLicence: false,
    startsIn: 8,
    stage: 'returned',
    comment: '金融专员岗位要求本科学历，请补充上传学历证书后重新提交',
  },
  {
    store: MANAGED,
    post: 'sales_consultant',
    gender: 'male',
    education: 'college',
    college: '上海工商职业技术学院',
    hasLicence: true,
    startsIn: 8,
    stage: 'pending',
  },
  {
    store: MANAGED,
    post: 'showroom_receptionist',
    gender: 'female',
    education: 'college',
    college: '上海旅游高等专科学校',
    hasLicence: false,
    startsIn: 15,
    stage: 'pending',
  },
  {
    store: 'GZ-BMW-01',
    post: 'sales_consultant',
    gender: 'female',
    education: 'bachelor',
    college: '广东财经大学',
    hasLicence: true,
    startsIn: 15,
    stage: 'documents',
  },
  {
    store: 'HZ-AUDI-01',
    post: 'parts_specialist',
    gender: 'male',
    education: 'college',
    college: '浙江交通职业技术学院',
    hasLicence: true,
    startsIn: 22,
    stage: 'personal',
  },
];

const DAY_MS = 86_400_000;
const daysAfter = (date: string, days: number) =>
  new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);
/** A three-year contract from `start`: it ends the day before the third anniversary. */
function threeYearsFrom(start: string) {
  const end = new Date(start);
  end.setUTCFullYear(end.getUTCFullYear() + 3);
  return daysAfter(end.toISOString().slice(0, 10), -1);
}

/** Whoever the approval's open node waits for (the first of them, when any one of several may decide). */
async function approverOf(tx: Database, entry: OnboardingDetail): Promise<number> {
  const [task] = await tx
    .select({ userId: approvalTasks.approverUserId })
    .from(approvalTasks)
    .where(
      and(eq(approvalTasks.instanceId, entry.approval!.instance_id), eq(approvalTasks.status, 'pending')),
    )
    .orderBy(asc(approvalTasks.approverUserId))
    .limit(1);
  if (!task) throw new Error(`the approval of demo entry ${entry.id} waits for nobody`);
  return task.userId;
}

/**
 * The demo's onboarding activity, for the seed to run right after the demo organisation (db/seed/index.ts):
 * the HR manager (`hr`) starts each entry of the story and saves its steps; the complete ones go to the
 * `inductionfirst` flow, and whoever it names decides. Answers how many entries ended in each status.
 */
export function demoActivity({
  sealer,
  approvals,
  files,
  clock,
  timeZone,
}: Pick<AppContext, 'sealer' | 'approvals' | 'files'> & {
  /** The story's clock: the approvals engine reads its `today` from it (effective dates). */
  clock: AdjustableClock;
  timeZone: string;
}) {
  return async (tx: Database): Promise<Record<string, number>> => {
    const dict = await dictionaryLookup(tx);
    const hr = await personaOf(tx, (await accountOf(tx, 'hr')).id);
    const managed = (await accountOf(tx, 'manager')).storeId;
    if (managed === null) throw new Error('the demo manager runs no store');
    const storeRows = await tx.select({ id: stores.id, code: stores.code }).from(stores);
    const postRows = await tx.select({ id: posts.id, code: posts.code }).from(posts);
    const storeOf = (key: Hire['store']) =>
      storeRows.find((row) => (key === MANAGED ? row.id === managed : row.code === key))!;
    const postId = (code: string) => postRows.find((row) => row.code === code)!.id;
    const scans = new Map<OnboardingDocument, Buffer>([
      ['id_card_front', idCardScan('front')],
      ['id_card_back', idCardScan('back')],
    ]);

    // A generator of its own, so the organisation's draws (db/seed/demo.ts) stay as they were.
    const rng = createRng(20_261_101 + 1);
    const taken = new Set<string>();
    /** A value not drawn before in this story (a person's number, a phone, a username). */
    const fresh = (draw: () => string) => {
      let value = draw();
      while (taken.has(value)) value = draw();
      taken.add(value);
      return value;
    };
    const statuses: Record<string, number> = {};

    for (const [index, hire] of story.entries()) {
      const store = storeOf(hire.store);
      const seed = storeSeeds.find((candidate) => candidate.code === store.code)!;
      const name = chineseName(rng, hire.gender);
      const birthDate = birthDateBetween(rng, 1994, 2003);
      const person = {
        name,
        phone: fresh(() => mobilePhone(rng)),
        id_type_id: dict(DictType.ID_CARD, 'mainland'),
        id_number: fresh(() =>
          mainlandIdNumber(rng, { areaCode: areaCodesByCity[seed.city]!, birthDate, gender: hire.gender }),
        ),
      };
      const height = hire.gender === 'male' ? randomInt(rng, 165, 186) : randomInt(rng, 155, 172);
      const keys = pinyinKeys(name);

      hr.assertMay(may.start);
      let entry = await startOnboarding(
        tx,
        sealer,
        hr.scope,
        hr.actor,
        onboardingStartBody.parse({ ...person, store_id: store.id, post_id: postId(hire.post) }),
      );
      const save = async (step: Record<string, unknown>) => {
        hr.assertMay(may.save);
        entry = await updateOnboardingStep(
          tx,
          sealer,
          hr.scope,
          hr.actor,
          onboardingUpdateBody.parse({ id: entry.id, ...step }),
        );
      };

      await save({
        step: 'personal',
        ...person,
        email: `${keys.pinyin}${birthDate.slice(2, 4)}@${['163.com', 'qq.com', '126.com'][index % 3]}`,
        gender: hire.gender,
        height,
        ethnicity_id: dict(DictType.ETHNICITY, 'han'),
        marital_status_id: dict(DictType.MARITAL_STATUS, birthDate < '1997' ? 'married' : 'unmarried'),
        education_id: dict(DictType.EDUCATION, hire.education),
        college: hire.college,
        region_id: dict(DictType.REGION, seed.regionCode),
        has_license_id: dict(DictType.HAS_LICENSE, hire.hasLicence ? 'yes' : 'no'),
      });
      if (hire.stage !== 'personal') {
        // The scans HR uploads (`POST upload/file`, any signed-in user), named as the demo's own pictures.
        const documents: Partial<Record<OnboardingDocument, number>> = {};
        for (const document of REQUIRED_DOCUMENTS) {
          const upload = await saveUpload(tx, files, hr.actor.userId, {
            bytes: scans.get(document)!,
            fileName: safeFileName(`${documentNames[document]}（演示图片）.png`),
            purpose: zUploadPurpose.parse(document),
          });
          documents[document] = upload.id;
        }
        await save({ step: 'documents', ...documents });
      }
      if (hire.stage !== 'personal' && hire.stage !== 'documents') {
        const entryDate = daysAfter(DEMO_TODAY, hire.startsIn);
        await save({
          step: 'contract',
          department_id: await departmentFor(tx, store.code, hire.post, hire.team ?? 1),
          post_id: postId(hire.post),
          entry_date: entryDate,
          employee_type_id: dict(DictType.EMPLOYEE_TYPE, 'full_time'),
          probation_months: 3,
          contract_start: entryDate,
          contract_end: threeYearsFrom(entryDate),
          // The name's pinyin, and a number after it for a namesake.
          username: fresh(() => `${keys.pinyin}${taken.has(keys.pinyin) ? randomInt(rng, 2, 99) : ''}`),
          // The new hires are people, not demo accounts: HR gives their first password to them alone.
          password: `Hr${randomBytes(12).toString('base64url')}1`,
          // A sales consultant works in the sales app: a sales-only account (docs/domain.md "Accounts").
          is_sale: hire.post === 'sales_consultant',
        });
        hr.assertMay(may.submit);
        entry = await submitOnboarding(tx, sealer, approvals, hr.scope, hr.actor, entry.id);
      }
      while (entry.status === 'pending' && hire.stage !== 'pending') {
        const decision = hire.stage === 'returned' ? 'reject' : 'approve';
        const approver = await personaOf(tx, await approverOf(tx, entry));
        approver.assertMay(may[decision]);
        const { comment } = (decision === 'reject' ? onboardingRejectBody : onboardingDecisionBody).parse({
          id: entry.id,
          comment: hire.comment,
        });
        entry = await decideOnboarding(
          tx,
          sealer,
          approvals,
          approver.scope,
          approver.actor,
          entry.id,
          decision,
          comment,
        );
      }
      // A story that no longer comes true (a flow that approves at once, a check that refuses) stops the seed.
      if (entry.status !== statusAfter[hire.stage])
        throw new Error(`demo entry ${entry.id} ended ${entry.status}, not ${statusAfter[hire.stage]}`);
      statuses[entry.status] = (statuses[entry.status] ?? 0) + 1;
    }
    const cast = { sealer, approvals, clock, timeZone };
    return {
      ...statuses,
      ...(await demoTransfers(tx, cast)),
      ...(await demoMovements(tx, cast)),
      ...(await demoResignations(tx, cast)),
      ...(await demoAttendance(tx, {
        approvals,
        timeZone,
        clock: systemClock,
        today: todayOf(systemClock, timeZone),
      })),
    };
  };
}
