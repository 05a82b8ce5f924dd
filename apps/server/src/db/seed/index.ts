import { eq } from 'drizzle-orm';
import type { Sealer } from '../../lib/sealed-values';
import type { Database } from '../client';
import { appSettings, departments } from '../schema';
import { seedBase } from './base';
import { seedApprovalFlows } from './approval-flows';
import { seedDemo } from './demo';
import { backfillEmployeeSearch } from './employee-search';

interface Logger {
  info(object: object, message: string): void;
}

const DEMO_MARKER = 'demo_seeded_at';

export interface SeedOptions {
  demo: boolean;
  adminPassword: string;
  sealer: Sealer;
  /**
   * What the demo's people then do through the product's services (demo-activity.ts): run once, right after
   * the demo organisation is written and in its transaction, so a demo install has both or neither. Passed
   * in by the composition root, since the seed does not import the modules.
   */
  demoActivity?: (tx: Database) => Promise<Record<string, number>>;
}

/**
 * Runs on every start and is idempotent: base data is completed where missing; the demo organisation is
 * written once, into a database that has no departments yet, all in one transaction.
 */
export async function seedDatabase(db: Database, options: SeedOptions, log: Logger) {
  await db.transaction(async (tx) => {
    await seedBase(tx, options.adminPassword);
    if (!options.demo) return;
    const [marker] = await tx.select().from(appSettings).where(eq(appSettings.key, DEMO_MARKER));
    if (marker) {
      await seedApprovalFlows(tx);
      await backfillEmployeeSearch(tx);
      return;
    }
    const tree = await tx.select({ id: departments.id }).from(departments).limit(1);
    if (tree.length > 0) return;
    const started = Date.now();
    const counts = {
      ...(await seedDemo(tx, options.adminPassword, options.sealer)),
      flows: await seedApprovalFlows(tx),
    };
    const activity = options.demoActivity ? await options.demoActivity(tx) : {};
    await tx.insert(appSettings).values({ key: DEMO_MARKER, value: new Date().toISOString() });
    log.info({ ...counts, activity, ms: Date.now() - started }, 'demo data seeded');
  });
}
