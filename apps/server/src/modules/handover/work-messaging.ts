/**
 * The work-messaging platform as the handover sees it: who a member's customers and customer group chats are,
 * and handing them to a colleague. Two adapters answer it, chosen by WORK_MESSAGING: `local` (the product's
 * own tables, for installations without a platform and for the demo) and `wecom` (WeCom's customer-contact
 * API). Identifiers are the platform's: a member's userid, a customer's external_userid, a chat's chat_id.
 */

/**
 * `resigned`: the member has left on the platform (`externalcontact/resigned/*`, `groupchat/transfer`);
 * `onjob`: still a member there (`externalcontact/transfer_customer`, `groupchat/onjob_transfer`).
 */
export type HandoverVariant = 'resigned' | 'onjob';

export interface PlatformCustomer {
  externalUserId: string;
  /** The customer's name as the platform shows it (an id when the platform gives none). */
  name: string;
  /** Which transfer reaches this customer: where the platform listed them. */
  variant: HandoverVariant;
}

export interface PlatformGroupChat {
  chatId: string;
  name: string;
  memberCount: number | null;
  variant: HandoverVariant;
}

/** One customer of a transfer call: errcode 0 means "started, taken over automatically later", not done. */
export interface CustomerSubmission {
  externalUserId: string;
  errcode: number;
}

/**
 * A customer's takeover as the platform reports it: 1 done, 2 waiting (until `takeoverTime`), 3 refused by the
 * customer, 4 the inheritor is at their limit, 5 no takeover on record (on-job variant only).
 */
export interface CustomerResult {
  externalUserId: string;
  status: 1 | 2 | 3 | 4 | 5;
  /** When the platform takes the customer over by itself (unix seconds), for status 2. */
  takeoverTime: number | null;
}

/** A chat the platform did not hand over, with its code. The chats not listed were handed over. */
export interface GroupChatFailure {
  chatId: string;
  errcode: number;
  errmsg: string;
}

/** A whole call the platform refused (a busy platform, a wrong secret): every item of the call shares it. */
export class PlatformError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`work-messaging errcode ${errcode} ${errmsg}`.trim());
    this.name = 'PlatformError';
  }
}

export interface WorkMessaging {
  readonly kind: 'local' | 'wecom';
  /**
   * How long after a transfer the platform takes a customer over by itself (WeCom: 24 hours): a customer's
   * result is read only after this.
   */
  readonly takeoverDelayMs: number;
  /** Every customer the member follows or left unassigned, in the platform's order. */
  customersOf(userId: string): Promise<PlatformCustomer[]>;
  /** Every customer group chat the member owns. */
  groupChatsOf(userId: string): Promise<PlatformGroupChat[]>;
  /**
   * Hands customers to `takeoverUserId` (the adapter sends at most 100 per call); `message` is what the
   * customers are told (on-job variant; the platform's default when absent). One answer per customer.
   */
  transferCustomers(input: {
    variant: HandoverVariant;
    handoverUserId: string;
    takeoverUserId: string;
    externalUserIds: readonly string[];
    message?: string;
  }): Promise<CustomerSubmission[]>;
  /** The takeover state of every customer handed from one member to another (all the result's pages). */
  customerResults(input: {
    variant: HandoverVariant;
    handoverUserId: string;
    takeoverUserId: string;
  }): Promise<CustomerResult[]>;
  /** Hands chats to `newOwner` (at most 100 per call); answers only the failures. */
  transferGroupChats(input: {
    variant: HandoverVariant;
    chatIds: readonly string[];
    newOwner: string;
  }): Promise<GroupChatFailure[]>;
}
