import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { ChangeNotifications } from '../db/notifications';
import { cacheEpochs, sessions, users } from '../db/schema';
import { EpochCache } from '../lib/epoch-cache';
import { auditActorOf, type AuditActor } from '../lib/audit';
import { forbidden, frozenAccount, tokenExpired, tokenInvalid } from '../lib/errors';
import type { TokenService } from '../lib/tokens';
import { canAny, loadAccess, type Access, type RoutePermission } from '../core/access';
import { loadScope, type Scope, type ScopeOptions } from '../core/scope';
import { survivesPageClose } from '../core/sessions';
import { SessionCache, type CacheEpochs, type SessionFound } from '../core/session-cache';

export interface AuthContext {
  userId: number;
  sessionId: string;
  tokenId: string;
  employeeId: number | null;
  /** The versions of the cached domains as this request found them (`cache_epochs`). */
  epochs: CacheEpochs;
  /** Roles and permissions: cached while the access epoch stands. */
  access(): Promise<Access>;
  /** The records this user may see (data scope): cached while the access epoch stands. */
  scope(options?: ScopeOptions): Promise<Scope>;
}

export type { CacheEpochs };

/** A session and what it may do, kept between requests (docs/decisions.md "Per-request cost"). */
export interface AccessCaches {
  sessions: SessionCache;
  access: EpochCache<number, Access>;
  scopes: EpochCache<string, Scope>;
}

export const createAccessCaches = (notifications: ChangeNotifications): AccessCaches => ({
  sessions: new SessionCache(notifications),
  access: new EpochCache(),
  scopes: new EpochCache(),
});

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /**
     * Permission a protected route needs (a menu item's `perm`), a list of which any one suffices, or
     * `null` for any signed-in user. Every route under /api/auth must say which: the app refuses to start
     * otherwise (app.ts).
     */
    permission?: RoutePermission;
  }
  interface FastifyInstance {
    /** onRequest hook for protected scopes: resolves the bearer token to a live session or throws. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** The signed-in caller of a protected route (the scope's onRequest hook has set it). */
export function actor(request: FastifyRequest): AuthContext {
  if (!request.auth) throw tokenInvalid();
  return request.auth;
}

/** The signed-in caller as the audit log and the approval engine name them: who, from where, which request. */
export function signedInActorOf(request: FastifyRequest): AuditActor & { userId: number } {
  return { ...auditActorOf(request), userId: actor(request).userId };
}

/**
 * The signed-in caller as work done later on their behalf captures them (an export, an import): who, with
 * the rights and data scope they have now, and the request the audit log names.
 */
export interface CapturedCaller {
  userId: number;
  access: Access;
  scope: Scope;
  audit: AuditActor;
}

export async function capturedCallerOf(request: FastifyRequest): Promise<CapturedCaller> {
  const caller = actor(request);
  return {
    userId: caller.userId,
    access: await caller.access(),
    scope: await caller.scope(),
    audit: auditActorOf(request),
  };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

interface AuthOptions {
  db: Database;
  tokens: TokenService;
  pageCloseGraceSeconds: number;
  caches: AccessCaches;
}

const epochOf = (name: keyof CacheEpochs) =>
  sql<number>`(select ${cacheEpochs.version} from ${cacheEpochs} where ${cacheEpochs.name} = ${name})`.mapWith(
    Number,
  );

/** The session, its user and the cache epochs in one round trip, built once (a request whose session is not kept runs it). */
const sessionLookup = (db: Database) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      tokenId: sessions.tokenId,
      closingAt: sessions.closingAt,
      revokedAt: sessions.revokedAt,
      status: users.status,
      employeeId: users.employeeId,
      accessEpoch: epochOf('access'),
      dictionariesEpoch: epochOf('dictionaries'),
      staffEpoch: epochOf('staff'),
      statisticsEpoch: epochOf('statistics'),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('session_lookup');

async function lookUp(
  cache: SessionCache,
  lookup: ReturnType<typeof sessionLookup>,
  sessionId: string,
): Promise<SessionFound | undefined> {
  const ticket = cache.ticket();
  const [row] = await lookup.execute({ sessionId });
  if (!row) return undefined;
  const { accessEpoch, dictionariesEpoch, staffEpoch, statisticsEpoch, ...session } = row;
  const found = {
    session,
    epochs: {
      access: accessEpoch,
      dictionaries: dictionariesEpoch,
      staff: staffEpoch,
      statistics: statisticsEpoch,
    },
  };
  cache.keep(ticket, found);
  return found;
}

async function resolveSession(
  { db, tokens, pageCloseGraceSeconds, caches }: AuthOptions,
  lookup: ReturnType<typeof sessionLookup>,
  request: FastifyRequest,
): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw tokenInvalid('缺少登录凭证，请先登录');
  const verified = await tokens.verify(token);
  if (!verified.ok) throw verified.reason === 'expired' ? tokenExpired() : tokenInvalid();
  const { claims } = verified;
  const found =
    caches.sessions.find(claims.sessionId) ?? (await lookUp(caches.sessions, lookup, claims.sessionId));
  // A rotated-away token, an ended session or a removed user all mean: sign in again.
  if (!found || found.session.tokenId !== claims.tokenId) throw tokenInvalid();
  const { session, epochs } = found;
  // Freezing ends the sessions too; their tokens say why (1403), not just "sign in again".
  if (session.status === 'frozen') throw frozenAccount();
  if (session.revokedAt) throw tokenInvalid();
  if (!(await survivesPageClose(db, session, pageCloseGraceSeconds))) throw tokenInvalid();
  return {
    ...claims,
    employeeId: session.employeeId,
    epochs,
    access: () => caches.access.get(epochs.access, claims.userId, () => loadAccess(db, claims.userId)),
    scope: ({ partTime = false } = {}) =>
      caches.scopes.get(epochs.access, `${claims.userId}:${partTime}`, () =>
        loadScope(db, claims.userId, { partTime }),
      ),
  };
}

export default fp(
  async function auth(app: FastifyInstance, options: AuthOptions) {
    app.decorateRequest('auth', null);
    const lookup = sessionLookup(options.db);
    const detach = options.caches.sessions.attach();
    app.addHook('onClose', async () => detach());
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.auth = await resolveSession(options, lookup, request);
      const permission = request.routeOptions.config.permission;
      if (permission && !canAny(await request.auth.access(), permission)) {
        request.log.info({ permission, userId: request.auth.userId }, 'permission refused');
        throw forbidden();
      }
    });
  },
  { name: 'auth' },
);
