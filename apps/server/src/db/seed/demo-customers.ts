import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { assignments, employees, localCustomers, localGroupChats, posts, stores } from '../schema';
import { createRng, pick, randomInt, surnames, type Rng } from './data/people';

// The demo's work-messaging platform (WORK_MESSAGING=local): every sales consultant and sales manager has a
// userid there, each consultant follows 20 to 200 customers and owns a few customer group chats, which a
// resignation hands over to colleagues (docs/domain.md "Handover").

/** The posts whose people deal with customers on the platform. */
const CUSTOMER_FACING = ['sales_consultant', 'sales_manager'];
/**
 * One customer in twenty declines the first colleague offered, and so does every consultant's third: each
 * handover shows a refusal and the offer of another colleague.
 */
const DECLINING_SHARE = 0.05;
const ALWAYS_DECLINING = 2;

const interests = ['看车', '试驾', '已订车', '置换', '保养', '金融方案', '续保', '老客户'];
const chatTopics = ['车主群', '新车交付群', '试驾体验群', '老客户关怀群', '自驾游群'];

const customerName = (rng: Rng) =>
  `${pick(rng, surnames).surname}${rng() < 0.55 ? '先生' : '女士'}（${pick(rng, interests)}）`;

/** Gives the customer-facing staff a userid (demo accounts keep theirs) and their customers and chats. */
export async function seedDemoCustomers(db: Database) {
  const rng = createRng(20_261_126);
  const people = await db
    .select({
      id: employees.id,
      employeeNo: employees.employeeNo,
      workUserId: employees.workUserId,
      post: posts.code,
      store: stores.name,
    })
    .from(employees)
    .innerJoin(
      assignments,
      and(
        eq(assignments.employeeId, employees.id),
        eq(assignments.isMain, true),
        isNull(assignments.endDate),
      ),
    )
    .innerJoin(posts, eq(posts.id, assignments.postId))
    .leftJoin(stores, eq(stores.id, assignments.storeId))
    .where(and(inArray(posts.code, CUSTOMER_FACING), inArray(employees.status, ['probation', 'regular'])))
    .orderBy(asc(employees.id));
  const customers: (typeof localCustomers.$inferInsert)[] = [];
  const chats: (typeof localGroupChats.$inferInsert)[] = [];
  const userIdOf = (person: (typeof people)[number]) =>
    person.workUserId ?? `wm${person.employeeNo.toLowerCase()}`;
  await db
    .update(employees)
    .set({ workUserId: sql`'wm' || lower(${employees.employeeNo})` })
    .where(
      and(
        inArray(
          employees.id,
          people.map((person) => person.id),
        ),
        isNull(employees.workUserId),
      ),
    );
  for (const person of people) {
    const userId = userIdOf(person);
    if (person.post !== 'sales_consultant') continue;
    const followed = randomInt(rng, 20, 200);
    for (let index = 0; index < followed; index += 1)
      customers.push({
        externalUserId: `wm${person.id}c${customers.length + 1}`,
        name: customerName(rng),
        ownerUserId: userId,
        refusalsLeft: index === ALWAYS_DECLINING || rng() < DECLINING_SHARE ? 1 : 0,
      });
    for (let count = randomInt(rng, 2, 4); count > 0; count -= 1)
      chats.push({
        chatId: `wr${person.id}g${chats.length + 1}`,
        name: `${person.store ?? ''}${pick(rng, chatTopics)}${chats.length + 1}`,
        ownerUserId: userId,
        memberCount: randomInt(rng, 8, 200),
      });
  }
  for (let start = 0; start < customers.length; start += 1000)
    await db.insert(localCustomers).values(customers.slice(start, start + 1000));
  if (chats.length > 0) await db.insert(localGroupChats).values(chats);
  return { workUsers: people.length, customers: customers.length, groupChats: chats.length };
}
