import { uploadStorageOf } from './app';
import { createProductEngine } from './approval-businesses';
import { AdjustableClock, todayOf } from './core/clock';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { dataSteps } from './db/data-steps';
import { seedDatabase } from './db/seed';
import { demoActivity } from './demo-activity';
import { createSealer, loadDataKey } from './lib/sealed-values';

/**
 * An install as `npm start` makes one: the migrations with their data steps, the data key, then the base
 * data and, when `demo`, the demo group with its activity, performed with the approval engine and file
 * store the app builds for itself. Seeding an install that has its data already adds nothing.
 */
export async function installDatabase(
  database: DatabaseHandle,
  config: Config,
  log: { info(object: object, message: string): void },
  { demo = config.SEED_DEMO }: { demo?: boolean } = {},
): Promise<void> {
  await database.migrate(config.MIGRATIONS_DIR, dataSteps(config.DATA_KEY));
  const sealer = createSealer(await loadDataKey(database.db, config.DATA_KEY));
  const storyClock = new AdjustableClock();
  await seedDatabase(
    database.db,
    {
      demo,
      adminPassword: config.ADMIN_PASSWORD,
      sealer,
      demoActivity: demoActivity({
        sealer,
        // The story happens on its own days: its approvals read their day from the story's clock.
        approvals: createProductEngine({
          sealer,
          today: todayOf(storyClock, config.TIME_ZONE),
          timeZone: config.TIME_ZONE,
        }),
        files: uploadStorageOf(config),
        clock: storyClock,
        timeZone: config.TIME_ZONE,
      }),
    },
    log,
  );
}
