import type { ChangeListener, ChangeNotifications } from '../db/notifications';
import type { users } from '../db/schema';

/** The versions of the cached domains (`cache_epochs`): a newer one empties what was cached under it. */
export interface CacheEpochs {
  access: number;
  dictionaries: number;
  staff: number;
  statistics: number;
}

const EPOCH_NAMES: ReadonlySet<string> = new Set<keyof CacheEpochs>([
  'access',
  'dictionaries',
  'staff',
  'statistics',
]);
const isEpochName = (name: string): name is keyof CacheEpochs => EPOCH_NAMES.has(name);

/** What a request needs to know of its session and account. */
export interface SessionState {
  id: string;
  userId: number;
  tokenId: string;
  closingAt: Date | null;
  revokedAt: Date | null;
  status: (typeof users.$inferSelect)['status'];
  employeeId: number | null;
}

export interface SessionFound {
  session: SessionState;
  epochs: CacheEpochs;
}

/**
 * Sessions and cache epochs kept in memory, so that a request with a valid token needs no database round
 * trip (docs/decisions.md "Per-request cost"). Trusted only while the database's change notifications flow:
 * a session or account change drops its entry, an epoch notice moves the epoch on, and a gap in the
 * notifications forgets everything.
 */
export class SessionCache implements ChangeListener {
  private readonly sessions = new Map<string, SessionState>();
  private epochs: CacheEpochs | null = null;
  /** Moves on with every change heard: what a lookup read before a change is not kept after it. */
  private generation = 0;

  constructor(
    private readonly notifications: ChangeNotifications,
    private readonly maxSessions = 50_000,
  ) {}

  /** Starts listening; answers the unsubscribe. */
  attach(): () => void {
    return this.notifications.subscribe(this);
  }

  /** Taken before a database lookup, handed back to `keep` with its result. */
  ticket(): number {
    return this.generation;
  }

  find(sessionId: string): SessionFound | undefined {
    if (!this.notifications.live || !this.epochs) return undefined;
    const session = this.sessions.get(sessionId);
    return session && { session, epochs: this.epochs };
  }

  /** Keeps what a lookup read, unless a change was heard while it ran (it may predate that change). */
  keep(ticket: number, found: SessionFound): void {
    if (ticket !== this.generation || !this.notifications.live) return;
    // A bound, not an eviction policy: a session is a few hundred bytes.
    if (this.sessions.size >= this.maxSessions) this.sessions.clear();
    this.sessions.set(found.session.id, found.session);
    this.epochs = found.epochs;
  }

  changed(channel: string, payload: string): void {
    this.generation++;
    const [kind, key] = splitOnce(payload);
    if (channel === 'cache_epochs') {
      const version = Number(key);
      if (this.epochs && isEpochName(kind)) {
        this.epochs = { ...this.epochs, [kind]: Math.max(this.epochs[kind], version) };
      }
    } else if (kind === 'session') {
      this.sessions.delete(key);
    } else if (kind === 'user') {
      const userId = Number(key);
      for (const [id, session] of this.sessions) if (session.userId === userId) this.sessions.delete(id);
    } else {
      this.reset();
    }
  }

  reset(): void {
    this.generation++;
    this.sessions.clear();
    this.epochs = null;
  }
}

function splitOnce(payload: string): [string, string] {
  const at = payload.indexOf(':');
  return at < 0 ? [payload, ''] : [payload.slice(0, at), payload.slice(at + 1)];
}
