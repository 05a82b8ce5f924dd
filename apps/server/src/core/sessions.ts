import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@dealer-hr/shared';
import type { TokenAnswer } from '@dealer-hr/shared/auth/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { sessions, userRoles, users } from '../db/schema';
import { AppError, frozenAccount, tokenInvalid } from '../lib/errors';
import type { TokenService } from '../lib/tokens';

export type LoginMode = (typeof sessions.$inferSelect)['loginMode'];
export type UserRow = typeof users.$inferSelect;

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface SessionOptions {
  refreshTtlSeconds: number;
  /** Seconds a session marked closing by a page close survives, waiting for the page to come back. */
  pageCloseGraceSeconds: number;
  /** Sales-link home page a sales-only user is sent to (code 10008). */
  salesLinkUrl: string | undefined;
}

/** What every sign-in mode answers: the access token, its kind and its lifetime in seconds. */
export type { TokenAnswer };

/**
 * A salesperson (`isSale`) without a role granted to them directly uses the sales app, not this one: the
 * roles every holder of a sales post gets are self-service, an admin grant is explicit (api.md "Sign-in").
 */
async function isSalesOnly(db: Database, user: UserRow): Promise<boolean> {
  if (!user.isSale) return false;
  const [direct] = await db.select().from(userRoles).where(eq(userRoles.userId, user.id)).limit(1);
  return !direct;
}

/**
 * Every login mode ends here once it knows the user: refuses frozen and sales-only users, opens a
 * database session and signs its first access token.
 */
export async function openSession(
  db: Database,
  tokens: TokenService,
  user: UserRow,
  mode: LoginMode,
  client: ClientInfo,
  options: SessionOptions,
): Promise<TokenAnswer> {
  if (user.status === 'frozen') throw frozenAccount();
  if (await isSalesOnly(db, user)) {
    throw new AppError(ErrorCode.SALES_ONLY, '销售人员请使用销售端登录', {
      url: options.salesLinkUrl ?? null,
    });
  }
  const sessionId = randomUUID();
  const tokenId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      id: sessionId,
      userId: user.id,
      tokenId,
      loginMode: mode,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512),
      refreshExpiresAt: new Date(Date.now() + options.refreshTtlSeconds * 1000),
    });
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  });
  return tokenAnswerOf(tokens, await tokens.sign({ userId: user.id, sessionId, tokenId }));
}

function tokenAnswerOf(tokens: TokenService, accessToken: string): TokenAnswer {
  return { access_token: accessToken, token_type: 'Bearer', expires_in: tokens.accessTtl };
}

/** Ends a session; answers how it was opened (a single sign-on logout continues at the provider). */
export async function closeSession(db: Database, sessionId: string): Promise<LoginMode | null> {
  const [closed] = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'logout' })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ loginMode: sessions.loginMode });
  return closed?.loginMode ?? null;
}

/**
 * The page holding the session was closed (docs/web.md "Page close"). The session ends
 * unless the same page comes back within the grace period — a refresh the timing rule took for a close.
 */
export async function markClosing(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ closingAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * For a session in use again: true when it may go on (clearing a pending close that is within the grace
 * period), false when the page-close ended it (it is revoked now).
 */
export async function survivesPageClose(
  db: Database,
  session: { id: string; closingAt: Date | null },
  graceSeconds: number,
): Promise<boolean> {
  if (!session.closingAt) return true;
  const cameBack = Date.now() - session.closingAt.getTime() < graceSeconds * 1000;
  if (cameBack) {
    await db.update(sessions).set({ closingAt: null }).where(eq(sessions.id, session.id));
  } else {
    await revoke(db, session.id, 'page_closed');
  }
  return cameBack;
}

const SESSION_ENDED = '登录已失效，请重新登录';

/**
 * `POST /api/refresh`: trades the session's current access token (expired or not) for a new one and kills
 * the old one at once. A token that was already traded in means someone else holds a copy: the whole
 * session ends (reuse detection). The swap is a compare-and-set, so two refreshes of one token cannot
 * both win.
 */
export async function refreshSession(
  db: Database,
  tokens: TokenService,
  token: string | null,
  options: SessionOptions,
  log: FastifyBaseLogger,
): Promise<TokenAnswer> {
  if (!token) throw tokenInvalid('缺少登录凭证，请先登录');
  const verified = await tokens.verify(token, { acceptExpired: true });
  if (!verified.ok) throw tokenInvalid();
  const { claims } = verified;

  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, claims.sessionId))
    .limit(1);
  if (!row || row.session.revokedAt || row.user.deletedAt) throw tokenInvalid(SESSION_ENDED);
  if (row.session.refreshExpiresAt.getTime() <= Date.now()) {
    await revoke(db, claims.sessionId, 'refresh_window_over');
    throw tokenInvalid('登录已超过有效期，请重新登录');
  }
  if (row.user.status === 'frozen') throw frozenAccount();
  if (!(await survivesPageClose(db, row.session, options.pageCloseGraceSeconds))) {
    throw tokenInvalid(SESSION_ENDED);
  }

  const nextTokenId = randomUUID();
  const swapped = await db
    .update(sessions)
    .set({
      tokenId: nextTokenId,
      lastSeenAt: new Date(),
      // The window slides: it counts from the last refresh, so a session in daily use does not expire.
      refreshExpiresAt: sql`now() + make_interval(secs => ${options.refreshTtlSeconds})`,
    })
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.tokenId, claims.tokenId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  if (swapped.length === 0) {
    await revoke(db, claims.sessionId, 'token_reuse');
    log.warn(
      { sessionId: claims.sessionId, userId: claims.userId },
      'refresh with a rotated-away token: session revoked',
    );
    throw tokenInvalid(SESSION_ENDED);
  }
  return tokenAnswerOf(
    tokens,
    await tokens.sign({ userId: claims.userId, sessionId: claims.sessionId, tokenId: nextTokenId }),
  );
}

async function revoke(db: Database, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** How long the sessions of this app live and where sales-only users go. */
export const sessionOptionsOf = (config: Config): SessionOptions => ({
  refreshTtlSeconds: config.REFRESH_TTL,
  salesLinkUrl: config.SALES_LINK_URL,
  pageCloseGraceSeconds: config.PAGE_CLOSE_GRACE,
});

/** Where a sign-in came from, for the session row and the audit log. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
