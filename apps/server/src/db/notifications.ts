import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What the database says changed (`pg_notify` in migration 0016): `cache_epochs` carries `<name>:<version>`
 * when a cached domain moves on, `session_changes` carries `session:<id>` or `user:<id>` when a session or
 * the account behind it changes. Server instances keep sessions and epochs in memory on the strength of it.
 */
export const CHANGE_CHANNELS = ['cache_epochs', 'session_changes'] as const;

export interface ChangeListener {
  changed(channel: string, payload: string): void;
  /** Changes may have been missed (the listening connection dropped or came back): forget what was kept. */
  reset(): void;
}

export interface ChangeNotifications {
  /** True while every change reaches the listeners; a cache must not be trusted otherwise. */
  readonly live: boolean;
  /** Starts listening on first use; answers the unsubscribe. */
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

/** The listeners of one database handle and whether notifications flow to them. */
class ChangeHub {
  live = false;
  private readonly listeners = new Set<ChangeListener>();

  add(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get empty() {
    return this.listeners.size === 0;
  }

  dispatch = (channel: string, payload: string) => {
    for (const listener of this.listeners) listener.changed(channel, payload);
  };

  setLive(live: boolean) {
    this.live = live;
    for (const listener of this.listeners) listener.reset();
  }
}

/** Embedded: one process owns the database, and PGlite calls back before the writing query returns. */
export function pgliteNotifications(pglite: PGlite): ChangeNotifications {
  const hub = new ChangeHub();
  let started: Promise<unknown> | undefined;
  const unlisten: Array<() => Promise<void>> = [];
  return {
    get live() {
      return hub.live;
    },
    subscribe(listener) {
      const remove = hub.add(listener);
      started ??= Promise.all(
        CHANGE_CHANNELS.map(async (channel) =>
          unlisten.push(await pglite.listen(channel, (payload) => hub.dispatch(channel, payload))),
        ),
      ).then(
        () => hub.setLive(true),
        // Closed while starting: nothing is kept, every request reads the database.
        () => {},
      );
      return remove;
    },
    async close() {
      hub.setLive(false);
      if (pglite.closed) return;
      await Promise.all(unlisten.map((stop) => stop().catch(() => {})));
    },
  };
}

const LISTEN_ALL = CHANGE_CHANNELS.map((channel) => `LISTEN ${channel}`).join('; ');
const RECONNECT_MS = 1_000;

/**
 * PostgreSQL: one dedicated connection listens and tells whether notifications flow (`live`); every pooled
 * connection listens too, because a committing connection hears its own notification before its commit
 * returns, so this instance never serves a value its own write has just changed. Other instances hear it
 * a moment later, on their own connections.
 */
export function postgresNotifications(connectionString: string): ChangeNotifications & {
  /** The pool's `onConnect`: awaited before a new pooled connection runs its first query. */
  listenOn(client: pg.ClientBase): Promise<unknown>;
} {
  const hub = new ChangeHub();
  const hear = (message: pg.Notification) => hub.dispatch(message.channel, message.payload ?? '');
  let listening: pg.Client | null = null;
  let started = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    client.on('notification', hear);
    client.on('error', () => {});
    client.on('end', () => {
      if (listening !== client) return;
      listening = null;
      hub.setLive(false);
      scheduleConnect();
    });
    try {
      await client.connect();
      await client.query(LISTEN_ALL);
    } catch {
      await client.end().catch(() => {});
      scheduleConnect();
      return;
    }
    if (closed) {
      await client.end();
      return;
    }
    listening = client;
    hub.setLive(true);
  };
  const scheduleConnect = () => {
    if (!closed && !hub.empty) retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
  };

  return {
    listenOn(client) {
      client.on('notification', hear);
      return client.query(LISTEN_ALL);
    },
    get live() {
      return hub.live;
    },
    subscribe(listener) {
      const remove = hub.add(listener);
      if (!started) {
        started = true;
        void connect();
      }
      return remove;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      hub.setLive(false);
      const client = listening;
      listening = null;
      await client?.end().catch(() => {});
    },
  };
}
