import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { auditActorOf, type AuditActor } from '../lib/audit';
import { forbidden, frozenAccount, tokenExpired, tokenInvalid } from '../lib/errors';
import type { TokenService } from '../lib/tokens';
import { canAny, loadAccess, type Access, type RoutePermission } from '../modules/access/access.service';
import { loadScope, type Scope, type ScopeOptions } from '../modules/access/scope';
import { survivesPageClose } from '../modules/auth/session.service';

export interface AuthContext {
  userId: number;
  sessionId: string;
  tokenId: string;
  employeeId: number | null;
  /** Roles and permissions, loaded on first use within the request. */
  access(): Promise<Access>;
  /** The records this user may see (data scope), loaded on first use within the request. */
  scope(options?: ScopeOptions): Promise<Scope>;
}

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
}

async function resolveSession(
  { db, tokens, pageCloseGraceSeconds }: AuthOptions,
  request: FastifyRequest,
): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw tokenInvalid('缺少登录凭证，请先登录');
  const verified = await tokens.verify(token);
  if (!verified.ok) throw verified.reason === 'expired' ? tokenExpired() : tokenInvalid();
  const { claims } = verified;
  const [row] = await db
    .select({
      id: sessions.id,
      tokenId: sessions.tokenId,
      closingAt: sessions.closingAt,
      revokedAt: sessions.revokedAt,
      status: users.status,
      employeeId: users.employeeId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sessionId), isNull(users.deletedAt)))
    .limit(1);
  // A rotated-away token, an ended session or a removed user all mean: sign in again.
  if (!row || row.tokenId !== claims.tokenId) throw tokenInvalid();
  // Freezing ends the sessions too; their tokens say why (1403), not just "sign in again".
  if (row.status === 'frozen') throw frozenAccount();
  if (row.revokedAt) throw tokenInvalid();
  if (!(await survivesPageClose(db, row, pageCloseGraceSeconds))) throw tokenInvalid();
  let access: Promise<Access> | undefined;
  const scopes = new Map<boolean, Promise<Scope>>();
  return {
    ...claims,
    employeeId: row.employeeId,
    access: () => (access ??= loadAccess(db, claims.userId)),
    scope: ({ partTime = false } = {}) => {
      let scope = scopes.get(partTime);
      if (!scope) scopes.set(partTime, (scope = loadScope(db, claims.userId, { partTime })));
      return scope;
    },
  };
}

export default fp(
  async function auth(app: FastifyInstance, options: AuthOptions) {
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.auth = await resolveSession(options, request);
      const permission = request.routeOptions.config.permission;
      if (permission && !canAny(await request.auth.access(), permission)) {
        request.log.info({ permission, userId: request.auth.userId }, 'permission refused');
        throw forbidden();
      }
    });
  },
  { name: 'auth' },
);
