import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { employees, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import {
  openSession,
  type ClientInfo,
  type LoginMode,
  type SessionOptions,
  type TokenAnswer,
  type UserRow,
} from '../../core/sessions';
import { validateServiceTicket } from './cas.client';
import { OAuthClient } from './oauth.client';
import type { CasLoginBody, CodeLoginBody } from '@dealer-hr/shared/sso/contract';
import {
  appidMismatch,
  modeAmbiguous,
  modeNotEnabled,
  noMappedUser,
  serviceMissing,
  SsoFailure,
} from './sso.errors';
import { appidOf, type CodeMode, type SsoSettings } from './sso.settings';
import { WecomClient } from './wecom.client';

export interface SingleSignOnDeps {
  db: Database;
  tokens: TokenService;
  settings: SsoSettings;
  options: SessionOptions;
}

/** The live account of the person the work-messaging platform knows by `workUserId`. */
async function userByWorkUserId(db: Database, workUserId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(users)
    .innerJoin(employees, eq(employees.id, users.employeeId))
    .where(and(eq(employees.workUserId, workUserId), isNull(users.deletedAt)))
    .limit(1);
  return row?.user;
}

/** CAS user names are login names: matched like the username login, without regard to case. */
async function userByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)))
    .limit(1);
  return user;
}

/**
 * Which code-exchange mode a request means: the one it names, or else the enabled one whose appid it
 * carries. The appid must match either way, so a code minted for another application is never tried.
 */
export function codeModeOf(settings: SsoSettings, { appid, mode }: Pick<CodeLoginBody, 'appid' | 'mode'>) {
  const enabled = (['wecom', 'oauth'] as const).filter((candidate) => settings[candidate]);
  if (mode) {
    if (!enabled.includes(mode)) throw modeNotEnabled(`${mode} is not configured`);
    if (appidOf(settings, mode) !== appid) throw appidMismatch(`appid does not match the ${mode} app`);
    return mode;
  }
  if (enabled.length === 0) throw modeNotEnabled('no code-exchange mode is configured');
  const matching = enabled.filter((candidate) => appidOf(settings, candidate) === appid);
  if (matching.length > 1) throw modeAmbiguous();
  if (!matching[0]) throw appidMismatch('appid matches no enabled mode');
  return matching[0];
}

/** Every failure is logged with its mode and reason, never with the code, ticket or any token. */
function logFailure(log: FastifyBaseLogger, mode: LoginMode | undefined, error: unknown) {
  if (!(error instanceof AppError)) return;
  const reason = error instanceof SsoFailure ? error.reason : error.message;
  log.warn({ mode: mode ?? null, code: error.code, reason }, 'single sign-on failed');
}

/** The single sign-on logins of one app: provider clients live as long as the app (WeCom token cache). */
export function createSingleSignOn({ db, tokens, settings, options }: SingleSignOnDeps) {
  const wecom = settings.wecom && new WecomClient(settings.wecom);
  const oauth = settings.oauth && new OAuthClient(settings.oauth);

  const workUserIdOf = (mode: CodeMode, code: string) => {
    const client = mode === 'wecom' ? wecom : oauth;
    // codeModeOf only answers enabled modes; this guards the invariant rather than a user's mistake.
    if (!client) throw modeNotEnabled(`${mode} is not configured`);
    return client.userIdOf(code);
  };

  return {
    /** POST /api/getTokenByCode: work-messaging code or OAuth code -> employee -> account -> session. */
    async loginByCode(
      input: CodeLoginBody,
      client: ClientInfo,
      log: FastifyBaseLogger,
    ): Promise<TokenAnswer> {
      let mode: CodeMode | undefined = input.mode;
      try {
        mode = codeModeOf(settings, input);
        const workUserId = await workUserIdOf(mode, input.code);
        const user = await userByWorkUserId(db, workUserId);
        if (!user) throw noMappedUser('code', `${mode}: no account for work user id "${workUserId}"`);
        const answer = await openSession(db, tokens, user, mode, client, options);
        log.info({ mode, userId: user.id }, 'single sign-on succeeded');
        return answer;
      } catch (error) {
        logFailure(log, mode, error);
        throw error;
      }
    },

    /** POST /api/casLogin: service ticket -> CAS user name -> account -> session. */
    async loginByTicket(
      input: CasLoginBody,
      client: ClientInfo,
      log: FastifyBaseLogger,
    ): Promise<TokenAnswer> {
      try {
        const cas = settings.cas;
        if (!cas) throw modeNotEnabled('cas is not configured');
        // A configured service wins: a ticket issued to some other application must not open a session here.
        const service = cas.serviceUrl ?? input.service;
        if (!service) throw serviceMissing();
        const username = await validateServiceTicket(cas, input.ticket, service);
        const user = await userByUsername(db, username);
        if (!user) throw noMappedUser('ticket', `cas: no account named "${username}"`);
        const answer = await openSession(db, tokens, user, 'cas', client, options);
        log.info({ mode: 'cas', userId: user.id }, 'single sign-on succeeded');
        return answer;
      } catch (error) {
        logFailure(log, 'cas', error);
        throw error;
      }
    },
  };
}

export type SingleSignOn = ReturnType<typeof createSingleSignOn>;
