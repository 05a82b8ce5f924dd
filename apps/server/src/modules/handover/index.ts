// The face of the handover: a leaver's customers and group chats as items, handed to colleagues through the
// work-messaging platform (the resignation module's routes and `go` use it), and its jobs.
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/client';
import type { Config } from '../../config';
import { LocalWorkMessaging } from './local.adapter';
import { WecomWorkMessaging } from './wecom.adapter';
import type { WorkMessaging } from './work-messaging';

export type { WorkMessaging } from './work-messaging';
export { LocalWorkMessaging } from './local.adapter';
export {
  ensureListed,
  handoverFilterOf,
  hasUnsettledItems,
  handoverCountsOf,
  pageOfItems,
  progressOf,
  type Leaver,
} from './handover.items';
export { queueHandover, ADVANCE_HANDOVER, type HandoverOrder, type HandoverRights } from './handover.queue';
export {
  advanceHandover,
  advanceHandoverJob,
  sweepHandoversJob,
  SWEEP_HANDOVERS,
  type HandoverDeps,
} from './handover.advance';

/** The platform WORK_MESSAGING names: WeCom's customer-contact API, or the product's own tables. */
export function createWorkMessaging(config: Config, db: Database, clock: Clock): WorkMessaging {
  if (config.WORK_MESSAGING === 'wecom')
    return new WecomWorkMessaging({
      apiBase: config.WECOM_API_BASE,
      corpId: config.WECOM_CORP_ID!,
      secret: config.WECOM_CONTACT_SECRET!,
    });
  return new LocalWorkMessaging(db, clock, config.HANDOVER_LOCAL_DELAY * 1000);
}
