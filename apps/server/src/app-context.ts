import type { Config } from './config';
import type { Clock, Today } from './core/clock';
import type { ExportSources } from './core/exports';
import type { ImportSources } from './core/imports';
import type { JobQueue } from './core/jobs/queue';
import type { Database, DatabaseHandle } from './db/client';
import type { FileStorage } from './lib/file-storage';
import type { LoginThrottle } from './lib/login-throttle';
import type { Sealer } from './lib/sealed-values';
import type { TokenService } from './lib/tokens';
import type { ApprovalEngine } from './modules/approvals';
import type { WorkMessaging } from './modules/handover';

/** What every module receives when it is registered: no globals, so tests can build as many apps as they like. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: TokenService;
  /** Uploaded files, by content hash. */
  files: FileStorage;
  /** Seals personal identifiers (AES-GCM) and indexes them for lookups (HMAC). */
  sealer: Sealer;
  /** The approval engine every business module submits its records to. */
  approvals: ApprovalEngine;
  /** Work done in the background by whichever instance claims it (exports, imports, effective dates). */
  jobs: JobQueue;
  /** The lists that export, by kind: their direct downloads and the export jobs write the same files. */
  exports: ExportSources;
  /** The lists that take an Excel file, by kind (modules/imports). */
  imports: ImportSources;
  /** Business time: the system clock, or the tests' adjustable one (TEST_CLOCK). */
  clock: Clock;
  /** The group's calendar day now (TIME_ZONE), by `clock`. */
  today: Today;
  /** Where a leaver's customers and group chats are handed over (WORK_MESSAGING). */
  workMessaging: WorkMessaging;
  /** Failed sign-ins, counted in a store every instance shares (the database, or Redis). */
  loginThrottle: LoginThrottle;
}
